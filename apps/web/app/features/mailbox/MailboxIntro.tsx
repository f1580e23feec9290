import { useT, type MessageKey } from '../../lib/i18n.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { TextLink } from '../../components/TextLink.tsx';

/** The head of a development mailbox page: its heading, what it shows, and the link to the other page. */
export function MailboxIntro({
  heading,
  lead,
  link,
  to,
}: {
  heading: MessageKey;
  lead: MessageKey;
  /** The words of the link to the other page, and its path. */
  link: MessageKey;
  to: string;
}) {
  const t = useT();
  return (
    <>
      <PageHeading>{t(heading)}</PageHeading>
      <p className="mb-4 text-neutral-700">{t(lead)}</p>
      <p className="mb-4">
        <TextLink to={to}>{t(link)}</TextLink>
      </p>
    </>
  );
}
