export declare function ensureBuild(): void;
