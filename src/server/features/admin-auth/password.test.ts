import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { readSetting } from "../../db/settings";
import { useTestDatabase } from "../../testing/test-app";
import { generatePassword, hashPassword, verifyPassword } from "./password";
import { ADMIN_PASSWORD_SETTING, resolveAdminPasswordHash } from "./service";

const silent = pino({ level: "silent" });

describe("password hashing", () => {
  it("verifies the right password and refuses others and unreadable hashes", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
    expect(await verifyPassword("anything", "$2b$10$bcrypt-style")).toBe(false);
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("generates long passwords without look-alike characters", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}$/);
    expect(generatePassword()).not.toBe(password);
  });
});

describe("where the admin password comes from", () => {
  const database = useTestDatabase("pglite");

  it("generates one at the first start, announces it once, keeps only its hash, and reuses it", async () => {
    const announced: string[] = [];
    const config = loadConfig({});
    const hash = await resolveAdminPasswordHash(database.db, config, silent, (password) =>
      announced.push(password),
    );
    expect(announced).toHaveLength(1);
    expect(await readSetting(database.db, ADMIN_PASSWORD_SETTING)).toBe(hash);
    expect(hash).not.toContain(announced[0]);
    expect(await verifyPassword(announced[0] ?? "", hash)).toBe(true);

    const again = await resolveAdminPasswordHash(database.db, config, silent, (password) =>
      announced.push(password),
    );
    expect(again).toBe(hash);
    expect(announced).toHaveLength(1);
  });

  it("prefers ADMIN_PASSWORD_HASH, then ADMIN_PASSWORD, and refuses a hash it cannot read", async () => {
    const envHash = await hashPassword("from the environment");
    const fromHash = await resolveAdminPasswordHash(
      database.db,
      loadConfig({ ADMIN_PASSWORD_HASH: envHash }),
      silent,
      () => undefined,
    );
    expect(fromHash).toBe(envHash);
    const fromPlain = await resolveAdminPasswordHash(
      database.db,
      loadConfig({ ADMIN_PASSWORD: "plain text password" }),
      silent,
      () => undefined,
    );
    expect(await verifyPassword("plain text password", fromPlain)).toBe(true);
    await expect(
      resolveAdminPasswordHash(
        database.db,
        loadConfig({ ADMIN_PASSWORD_HASH: "md5:abc" }),
        silent,
        () => undefined,
      ),
    ).rejects.toThrow(/ADMIN_PASSWORD_HASH is not a hash this server can read/);
  });
});
