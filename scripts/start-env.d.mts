export declare function startEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
