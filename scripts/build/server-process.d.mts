export declare const EMBEDDED_NODE_FLAGS: readonly string[];
export declare const SERVER_GLIBC_TUNABLES: Readonly<Record<string, string>>;
export declare function runsEmbedded(env: Record<string, string | undefined>): boolean;
export declare function serverNodeFlags(env: Record<string, string | undefined>): string[];
export declare function serverProcessEnv<E extends Record<string, string | undefined>>(env: E): E & { GLIBC_TUNABLES: string };
