export declare function findChromium(): Promise<string | undefined>;
export declare const chromiumArgs: string[];
