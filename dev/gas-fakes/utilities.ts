// Utilities: sleep on the fake clock, digests and base64 over Apps Script's signed byte arrays, dates, blobs.
import { createHash, randomUUID } from 'node:crypto';
import { FakeBlob, fromByteArray, toSignedBytes } from './blob';
import type { GasShape } from './gas-shape';
import { isDate, type Runtime } from './runtime';

export const MAX_SLEEP_MS = 300_000;

const DigestAlgorithm = {
  MD2: 'MD2',
  MD5: 'MD5',
  SHA_1: 'SHA_1',
  SHA_256: 'SHA_256',
  SHA_384: 'SHA_384',
  SHA_512: 'SHA_512',
} as const;

const NODE_DIGESTS: Record<string, string> = {
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

const Charset = { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' } as const;

// The typings declare these enums as numbers; the fake's values are their names.
type GasDigestAlgorithm = GoogleAppsScript.Utilities.DigestAlgorithm;
type GasCharset = GoogleAppsScript.Utilities.Charset;

type UtilitiesMembers =
  | 'sleep'
  | 'computeDigest'
  | 'base64Encode'
  | 'base64EncodeWebSafe'
  | 'base64Decode'
  | 'base64DecodeWebSafe'
  | 'getUuid'
  | 'formatDate'
  | 'newBlob';

export class FakeUtilities implements GasShape<GoogleAppsScript.Utilities.Utilities, UtilitiesMembers> {
  readonly DigestAlgorithm = DigestAlgorithm;
  readonly Charset = Charset;

  constructor(private readonly runtime: Runtime) {}

  /** Costs fake time only; the execution's time limit still applies. */
  sleep(milliseconds: number): void {
    const execution = this.runtime.use('utilities', 'Utilities.sleep');
    if (!(milliseconds >= 0 && milliseconds <= MAX_SLEEP_MS))
      throw this.runtime.exception('Invalid argument: milliseconds');
    this.runtime.clock.advance(milliseconds);
    this.runtime.enforceTimeLimit(execution);
  }

  computeDigest(
    algorithm: GasDigestAlgorithm | string,
    value: string | number[],
    charset: GasCharset | string = Charset.UTF_8,
  ): number[] {
    this.runtime.use('utilities', 'Utilities.computeDigest');
    const nodeName = NODE_DIGESTS[String(algorithm)];
    if (!nodeName) throw this.runtime.exception(`Invalid argument: algorithm ${String(algorithm)}`);
    const digest = createHash(nodeName).update(this.bytesOf(value, charset)).digest();
    return this.runtime.toScript(toSignedBytes(digest));
  }

  base64Encode(data: string | number[], charset: GasCharset | string = Charset.UTF_8): string {
    this.runtime.use('utilities', 'Utilities.base64Encode');
    return Buffer.from(this.bytesOf(data, charset)).toString('base64');
  }

  base64EncodeWebSafe(data: string | number[], charset: GasCharset | string = Charset.UTF_8): string {
    this.runtime.use('utilities', 'Utilities.base64EncodeWebSafe');
    return Buffer.from(this.bytesOf(data, charset)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(encoded: string): number[] {
    this.runtime.use('utilities', 'Utilities.base64Decode');
    return this.decode(encoded);
  }

  base64DecodeWebSafe(encoded: string): number[] {
    this.runtime.use('utilities', 'Utilities.base64DecodeWebSafe');
    return this.decode(String(encoded).replace(/-/g, '+').replace(/_/g, '/'));
  }

  getUuid(): string {
    this.runtime.use('utilities', 'Utilities.getUuid');
    return randomUUID();
  }

  /** Formats with Java SimpleDateFormat letters (y M d H h m s S a E Z X z, 'quoted text'). */
  formatDate(date: GoogleAppsScript.Base.Date | Date, timeZone: string, format: string): string {
    this.runtime.use('utilities', 'Utilities.formatDate');
    if (!isDate(date))
      throw this.runtime.exception("The parameters don't match the method signature for Utilities.formatDate.");
    try {
      return formatSimpleDate(date, timeZone, format);
    } catch {
      throw this.runtime.exception(`Invalid argument: timeZone ${timeZone}`);
    }
  }

  newBlob(data: string | number[], contentType?: string, name?: string): FakeBlob {
    this.runtime.use('utilities', 'Utilities.newBlob');
    return new FakeBlob(this.bytesOf(data, Charset.UTF_8), contentType ?? null, name ?? null);
  }

  private bytesOf(value: string | number[], charset: GasCharset | string): Uint8Array {
    if (Array.isArray(value)) return fromByteArray(value);
    return new Uint8Array(Buffer.from(String(value), String(charset) === Charset.US_ASCII ? 'latin1' : 'utf8'));
  }

  private decode(encoded: string): number[] {
    const text = String(encoded).replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw this.runtime.exception('Could not decode string.');
    return this.runtime.toScript(toSignedBytes(Buffer.from(text, 'base64')));
  }
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatSimpleDate(date: Date, timeZone: string, format: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) =>
    Number(parts[type]),
  );
  const offsetMinutes = Math.round(
    (Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(date.getTime() / 1000) * 1000) / 60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offsetHours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const offsetRest = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return format.replace(/'([^']*)'|y+|M+|d+|H+|h+|m+|s+|S+|a+|E+|Z+|X+|z+/g, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    const width = token.length;
    switch (token[0]) {
      case 'y':
        return width === 2 ? pad(year % 100, 2) : pad(year, width);
      case 'M':
        return width >= 4
          ? MONTH_NAMES[month - 1]
          : width === 3
            ? MONTH_NAMES[month - 1].slice(0, 3)
            : pad(month, width);
      case 'd':
        return pad(day, width);
      case 'H':
        return pad(hour, width);
      case 'h':
        return pad(hour % 12 || 12, width);
      case 'm':
        return pad(minute, width);
      case 's':
        return pad(second, width);
      case 'S':
        return pad(date.getTime() % 1000, 3).slice(0, width);
      case 'a':
        return hour < 12 ? 'AM' : 'PM';
      case 'E':
        return width >= 4 ? parts.weekday : parts.weekday.slice(0, 3);
      case 'Z':
        return `${sign}${offsetHours}${offsetRest}`;
      case 'X':
        if (offsetMinutes === 0) return 'Z';
        return width === 1
          ? `${sign}${offsetHours}`
          : width === 2
            ? `${sign}${offsetHours}${offsetRest}`
            : `${sign}${offsetHours}:${offsetRest}`;
      default:
        return offsetMinutes === 0 ? 'UTC' : `GMT${sign}${offsetHours}:${offsetRest}`;
    }
  });
}
