export declare function oneByteSource(text: string): string;
export declare function serverScripts(buildDir: string): string[];
export declare function foldServerScripts(buildDir: string): number;
