#!/usr/bin/env bash
# The type check's compiler: TypeScript 7's native one where npm installed it (an optional dependency for
# Linux x64, as CI is), which checks the same code with half the CPU of TypeScript 6 and on both cores;
# elsewhere TypeScript 6's, which editors, typescript-eslint and the architecture test keep using
# (docs/decisions/0031-native-type-check.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
native="$root/node_modules/@typescript/typescript-linux-x64/lib/tsc"
if [ -x "$native" ]; then exec "$native" "$@"; else exec "$root/node_modules/.bin/tsc" "$@"; fi
