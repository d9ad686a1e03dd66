// The official `tinify` npm client (a devDependency), typed for the parts the tests use and pointed at a server
// through a TLS proxy (the client speaks only https). Imported by a computed name so the typecheck of a checkout whose
// node_modules predates it still passes.
import { createKey, signedInUser } from './api-keys';
import { startTlsProxy, type TlsProxy } from './tls-proxy';

export interface TinifyStoreOptions {
  service: string;
  aws_access_key_id?: string;
  aws_secret_access_key?: string;
  region?: string;
  path?: string;
  headers?: Record<string, string>;
}
export interface TinifyResultMeta {
  width(): Promise<number>;
  height(): Promise<number>;
  location(): Promise<string>;
}
export interface TinifySource {
  toBuffer(): Promise<Uint8Array>;
  resize(options: { method: string; width?: number; height?: number }): TinifySource;
  convert(options: { type: string | string[] }): TinifySource;
  store(options: TinifyStoreOptions): TinifyResultMeta;
}
export interface Tinify {
  key: string;
  compressionCount?: number;
  Client: { API_ENDPOINT: string; CA_BUNDLE: string; RETRY_COUNT: number };
  ClientError: new (...args: never[]) => Error;
  fromFile(path: string): TinifySource;
  fromBuffer(data: Uint8Array): TinifySource;
}

const TINIFY_MODULE = 'tinify';

/** The client, set up with a new user's API key against the server on `port`; close the proxy when done. */
export async function tinifyFor(server: { url: string; port: number }): Promise<{ tinify: Tinify; proxy: TlsProxy }> {
  const tinify = ((await import(TINIFY_MODULE)) as { default: Tinify }).default;
  const proxy = await startTlsProxy(server.port);
  // The client's endpoint and CA bundle are static fields (lib/tinify/Client.js).
  tinify.Client.API_ENDPOINT = proxy.url;
  tinify.Client.CA_BUNDLE = proxy.ca;
  tinify.Client.RETRY_COUNT = 0;
  const user = await signedInUser(server.url, 'tinify-store');
  tinify.key = (await createKey(user, 'tinify-store')).key;
  return { tinify, proxy };
}
