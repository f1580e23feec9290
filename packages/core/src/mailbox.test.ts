import { describe, expect, test } from 'vitest';
import { canonicalMailbox } from './mailbox.ts';

describe('canonicalMailbox', () => {
  test.each([
    ['name@example.com', 'name@example.com'],
    ['Name@Example.COM', 'name@example.com'],
    ['  name@example.com ', 'name@example.com'],
    ['name+1@example.com', 'name@example.com'],
    ['NAME+Trip-2@example.com', 'name@example.com'],
    ['name+a+b@example.com', 'name@example.com'],
    ['name+@example.com', 'name@example.com'],
    // Dots are kept (also at Gmail): the rule in docs/operations.md.
    ['first.last+x@gmail.com', 'first.last@gmail.com'],
    // No name before the tag: nothing to drop.
    ['+tag@example.com', '+tag@example.com'],
    // A "+" in the domain is not a tag.
    ['name@ex+ample.com', 'name@ex+ample.com'],
    ['not-an-address', 'not-an-address'],
  ])('%s is the mailbox %s', (email, mailbox) => {
    expect(canonicalMailbox(email)).toBe(mailbox);
  });

  test('different names stay different mailboxes', () => {
    expect(canonicalMailbox('name+1@example.com')).not.toBe(canonicalMailbox('names+1@example.com'));
    expect(canonicalMailbox('name@example.com')).not.toBe(canonicalMailbox('name@example.org'));
  });
});
