export function filesLeftOutOfMutation(config: { mutate: string[] }): string[];
export function readFilesLeftOutOfMutation(): string[];
