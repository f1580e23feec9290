import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { PageHeading } from './PageHeading.tsx';
import { Button } from './Button.tsx';

/**
 * The page a link in an email opens to do one thing (unlock code sign-in, undo an email change). Opening
 * the link changes nothing (mail scanners open links): the link's values go back as the hidden `fields` of
 * one button's POST. Once done it says `done`; a link the action
 * refused says `invalid` above the same form.
 */
export function MailedLinkPage({
  heading,
  lead,
  submit,
  done,
  invalid,
  fields,
  result,
}: {
  heading: string;
  lead: string;
  submit: string;
  done: ReactNode;
  invalid: string;
  fields: Record<string, string>;
  /** The action's answer, if the form was posted. */
  result: { ok: boolean } | undefined;
}) {
  return (
    <div className="mx-auto max-w-md">
      <PageHeading>{heading}</PageHeading>
      {result?.ok ? (
        <p role="status" className="rounded bg-green-50 p-3 text-green-900">
          {done}
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          {result && !result.ok ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
              {invalid}
            </p>
          ) : null}
          <p>{lead}</p>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div>
            <Button type="submit" size="md">
              {submit}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
