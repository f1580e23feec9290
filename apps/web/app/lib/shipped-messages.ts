import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CompiledMessages } from '@parvoz/i18n/messages';

/**
 * A catalogue as a page ships it to the browser: ICU AST in which every piece of plain text (a literal element)
 * travels as that text, and a message that is only text (four in five) as that text alone. The full AST, with
 * its `{ "type": 0, "value": … }` objects flattened by React Router's serialisation, made the home page's HTML
 * 36 % larger (34.7 → 44.0 kB gzip) and cost the server an encoding of some 2,000 objects per page. The text is
 * a literal's value, not ICU (a quote or brace in it is just text), and it is turned back into literal elements
 * (fromShipped) before any intl object sees it: react-intl never gets a string to parse.
 */
export type ShippedMessages = Record<string, string | ShippedElement[]>;
type ShippedElement = string | Record<string, unknown>;

/** An element with its nested messages (plural and select options, a tag's children) mapped by `map`. */
function mapNested<From, To>(element: object, map: (elements: From[]) => To[]): object {
  const el = element as { type: TYPE; options?: Record<string, { value: From[] }>; children?: From[] };
  if (el.options)
    return {
      ...el,
      options: Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [key, { ...option, value: map(option.value) }]),
      ),
    };
  if (el.type === TYPE.tag && el.children) return { ...el, children: map(el.children) };
  return el;
}

function shipElements(ast: MessageFormatElement[]): ShippedElement[] {
  return ast.map((el) =>
    el.type === TYPE.literal ? el.value : (mapNested(el, shipElements) as Record<string, unknown>),
  );
}

function unshipElements(elements: ShippedElement[]): MessageFormatElement[] {
  return elements.map((el) =>
    typeof el === 'string'
      ? { type: TYPE.literal, value: el }
      : (mapNested(el, unshipElements) as MessageFormatElement),
  );
}

export function toShipped(messages: CompiledMessages): ShippedMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, ast]) => {
      const only = ast.length === 1 ? ast[0] : undefined;
      return [key, only?.type === TYPE.literal ? only.value : shipElements(ast)];
    }),
  );
}

export function fromShipped(messages: ShippedMessages): CompiledMessages {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => [
      key,
      typeof message === 'string' ? [{ type: TYPE.literal, value: message }] : unshipElements(message),
    ]),
  );
}
