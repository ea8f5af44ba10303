import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

/**
 * Admin password hashes in a PHC-like string: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64). scrypt is in Node's
 * standard library, memory-hard, and needs no native add-on.
 */
const defaults = { ln: 15, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, ln: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** ln;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `ln` is the cost (log2 of scrypt's N); the default is the one to use for a real password. */
export async function hashPassword(
  password: string,
  { ln = defaults.ln }: { ln?: number } = {},
): Promise<string> {
  const { r, p } = defaults;
  const salt = randomBytes(16);
  const key = await derive(password, salt, ln, r, p);
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

interface ParsedHash {
  ln: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

export function parsePasswordHash(encoded: string): ParsedHash | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(
    encoded.trim(),
  );
  if (!match) return undefined;
  const [, ln, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const parsed = {
    ln: Number(ln),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, "base64"),
    key: Buffer.from(key, "base64"),
  };
  if (parsed.ln < 10 || parsed.ln > 20 || parsed.key.length < 16 || parsed.salt.length < 8) return undefined;
  return parsed;
}

/** Compares in constant time; an unreadable hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.ln, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** A password for people to copy once: 24 characters, about 143 random bits, no look-alike characters. */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  return Array.from(randomBytes(24), (byte) => alphabet[byte % alphabet.length]).join("");
}
