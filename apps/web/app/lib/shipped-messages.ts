import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessages } from '@parvoz/i18n/messages';

/**
 * A catalogue as a page ships it to the browser: ICU AST, except that a message which is plain text (four in
 * five) travels as that text. The AST of a plain message, `[{ type: 0, value }]`, through React Router's
 * serialisation made the home page's HTML 27 % larger (34.7 → 44.0 kB gzip); this form keeps it near the
 * strings' size. The text is the message's value, not ICU (a quote or brace in it is literal), so it is turned
 * back into AST (fromShipped) before any intl object sees it: react-intl never gets a string to parse.
 */
export type ShippedMessages = Record<string, string | MessageFormatElement[]>;

function isPlainText(ast: MessageFormatElement[]): ast is [{ type: TYPE.literal; value: string }] {
  return ast.length === 1 && ast[0]!.type === TYPE.literal;
}

export function toShipped(messages: CompiledMessages): ShippedMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, ast]) => [key, isPlainText(ast) ? ast[0].value : ast]),
  );
}

export function fromShipped(messages: ShippedMessages): CompiledMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [
      key,
      typeof message === 'string' ? [{ type: TYPE.literal, value: message }] : message,
    ]),
  );
}
