import type { Linter } from 'eslint';

export const electronEdgeFiles: string[];
export const boundaries: Linter.Config[];
