import { test, expect } from 'vitest';
test('runs', () => expect(1 + 1).toBe(2));
