export declare const REQUIRED_NODE_MAJOR: number;
export declare function requireNode24(what?: string): void;
