// Blob and Apps Script's byte arrays, which hold signed bytes (-128..127) as Java does.
import type { GasShape } from './gas-shape';

export function toSignedBytes(bytes: Uint8Array): number[] {
  return Array.from(bytes, (byte) => (byte > 127 ? byte - 256 : byte));
}

export function fromByteArray(values: readonly number[]): Uint8Array {
  return Uint8Array.from(values, (value) => value & 0xff);
}

type BlobMembers = 'getBytes' | 'getDataAsString' | 'getContentType' | 'setContentType' | 'getName' | 'setName';

export class FakeBlob implements GasShape<GoogleAppsScript.Base.Blob, BlobMembers> {
  constructor(
    private readonly bytes: Uint8Array,
    private contentType: string | null = null,
    private name: string | null = null,
  ) {}

  getBytes(): number[] {
    return toSignedBytes(this.bytes);
  }

  /** Decodes as UTF-8 (or Latin-1 for "US-ASCII"/"ISO-8859-1"). */
  getDataAsString(charset: string = 'UTF-8'): string {
    const latin1 = /^(us-ascii|iso-8859-1)$/i.test(charset);
    return Buffer.from(this.bytes).toString(latin1 ? 'latin1' : 'utf8');
  }

  getContentType(): string | null {
    return this.contentType;
  }

  setContentType(contentType: string | null): this {
    this.contentType = contentType;
    return this;
  }

  getName(): string | null {
    return this.name;
  }

  setName(name: string): this {
    this.name = name;
    return this;
  }
}
