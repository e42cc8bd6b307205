export const REQUIRE_ENV: string;
export function moduleAbis(file: string): { abis: string[]; napi: boolean };
export function checkPackagedAbi(
  directory: string,
  options?: { abi?: string; required?: boolean },
): { status: 'ok' | 'skipped' | 'failed'; lines: string[] };
