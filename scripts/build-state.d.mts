export declare const root: string;
export declare const buildInfoPath: string;
export declare function sourceFingerprint(): string;
export declare function builtFingerprint(): string | undefined;
