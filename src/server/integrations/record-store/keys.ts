import { randomBytes } from "node:crypto";

/** 128 random bits in hex: the name a file is stored under. Nothing a visitor sends is part of it. */
export function newStorageKey(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Whether the key has the shape `newStorageKey` gives (32 hex digits): the daily check removes a file without a record
 * only if the site made it, so anything else kept in the same bucket is left alone.
 */
export function isGeneratedKey(key: string): boolean {
  return /^[0-9a-f]{32}$/.test(key);
}

/**
 * What a key may look like in any store: letters, digits, "-" and "_", up to 64 characters (the column's length).
 * A key is a file name in the local store, so a slash or a dot could reach outside its folder.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error("A storage key has letters, digits, - and _ only");
}
