export declare function findChromium(options?: { headlessShell?: boolean }): Promise<string | undefined>;
export declare const chromiumArgs: string[];
