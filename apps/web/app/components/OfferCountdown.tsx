import { useEffect, useRef, useState } from 'react';
import { Clock3 } from 'lucide-react';
import { formatTimeLeft, minutesToAnnounce, useSecondsLeft } from '../lib/offer-clock.ts';
import { useT } from '../lib/i18n.tsx';

/**
 * How long the offer's price holds, ticking down from the server's clock. The ticking text is not a live
 * region (a screen reader would read every second); a separate polite status says it at 5 and 1 minutes left.
 */
export function OfferCountdown({ expiresAt, servedAt }: { expiresAt: string; servedAt: number }) {
  const t = useT();
  const secondsLeft = useSecondsLeft(expiresAt, servedAt);
  const previous = useRef(secondsLeft);
  const [announcement, setAnnouncement] = useState('');
  const announce = useRef(t);
  announce.current = t;
  useEffect(() => {
    const minutes = minutesToAnnounce(previous.current, secondsLeft);
    previous.current = secondsLeft;
    if (minutes !== null) setAnnouncement(announce.current('offer.countdown.announce', { minutes }));
  }, [secondsLeft]);
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-700" data-testid="offer-countdown">
      <Clock3 aria-hidden="true" className="size-4 shrink-0" />
      <p className="tabular-nums">{t('offer.countdown.label', { time: formatTimeLeft(secondsLeft) })}</p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
