// PropertiesService: string stores per user, per document and per script, with the platform's size limits.
import type { GasShape } from './gas-shape';
import { utf8Bytes, type Runtime } from './runtime';

export const MAX_PROPERTY_BYTES = 9 * 1024;
export const MAX_STORE_BYTES = 500 * 1024;

export type PropertyStore = Map<string, string>;

function storeBytes(store: PropertyStore): number {
  let bytes = 0;
  for (const [key, value] of store) bytes += utf8Bytes(key) + utf8Bytes(value);
  return bytes;
}

type PropertiesMembers =
  | 'getProperty'
  | 'setProperty'
  | 'setProperties'
  | 'getProperties'
  | 'getKeys'
  | 'deleteProperty'
  | 'deleteAllProperties';

export class FakeProperties implements GasShape<GoogleAppsScript.Properties.Properties, PropertiesMembers> {
  constructor(
    private readonly runtime: Runtime,
    private readonly store: PropertyStore,
    /** Set in custom functions, where user properties are the owner's and may only be read. */
    private readonly readOnly: boolean,
  ) {}

  getProperty(key: string): string | null {
    this.runtime.use('properties', 'Properties.getProperty');
    return this.store.get(String(key)) ?? null;
  }

  getProperties(): Record<string, string> {
    this.runtime.use('properties', 'Properties.getProperties');
    return this.runtime.toScript(Object.fromEntries(this.store));
  }

  getKeys(): string[] {
    this.runtime.use('properties', 'Properties.getKeys');
    return this.runtime.toScript([...this.store.keys()]);
  }

  setProperty(key: string, value: string): this {
    this.write('setProperty');
    this.putAll([[String(key), String(value)]], false);
    return this;
  }

  /** Stores every entry (values converted to strings); with deleteAllOthers, removes every other key first. */
  setProperties(properties: Record<string, string>, deleteAllOthers: boolean = false): this {
    this.write('setProperties');
    this.putAll(
      Object.keys(properties).map((key) => [key, String(properties[key])]),
      deleteAllOthers,
    );
    return this;
  }

  deleteProperty(key: string): this {
    this.write('deleteProperty');
    this.store.delete(String(key));
    return this;
  }

  deleteAllProperties(): this {
    this.write('deleteAllProperties');
    this.store.clear();
    return this;
  }

  private write(method: string): void {
    this.runtime.use('properties', `Properties.${method}`);
    if (this.readOnly) throw this.runtime.exception(`You do not have permission to call Properties.${method}`);
  }

  /** Checks both limits before changing anything, so a refused call stores nothing. */
  private putAll(entries: Array<[string, string]>, replace: boolean): void {
    for (const [key, value] of entries) {
      if (utf8Bytes(key) + utf8Bytes(value) > MAX_PROPERTY_BYTES)
        throw this.runtime.exception('Argument too large: value');
    }
    const next: PropertyStore = new Map(replace ? [] : this.store);
    for (const [key, value] of entries) next.set(key, value);
    if (storeBytes(next) > MAX_STORE_BYTES) {
      throw this.runtime.exception(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
    this.store.clear();
    for (const [key, value] of next) this.store.set(key, value);
  }
}

/** Every property store of one spreadsheet and script. */
export class PropertyStores {
  readonly document: PropertyStore = new Map();
  readonly script: PropertyStore = new Map();
  private readonly users = new Map<string, PropertyStore>();

  user(email: string): PropertyStore {
    let store = this.users.get(email);
    if (!store) this.users.set(email, (store = new Map()));
    return store;
  }
}

export class FakePropertiesService implements GasShape<
  GoogleAppsScript.Properties.PropertiesService,
  'getUserProperties' | 'getDocumentProperties' | 'getScriptProperties'
> {
  constructor(
    private readonly runtime: Runtime,
    private readonly stores: PropertyStores,
  ) {}

  /** The running user's store; in a custom function the spreadsheet owner's, read only. */
  getUserProperties(): FakeProperties {
    const execution = this.runtime.use('properties', 'PropertiesService.getUserProperties');
    const store = this.stores.user(this.runtime.storeUser(execution));
    return new FakeProperties(this.runtime, store, execution.mode === 'customFunction');
  }

  getDocumentProperties(): FakeProperties {
    this.runtime.use('properties', 'PropertiesService.getDocumentProperties');
    return new FakeProperties(this.runtime, this.stores.document, false);
  }

  getScriptProperties(): FakeProperties {
    this.runtime.use('properties', 'PropertiesService.getScriptProperties');
    return new FakeProperties(this.runtime, this.stores.script, false);
  }
}
