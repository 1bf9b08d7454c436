import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Question } from '@shared/domain/test';

/**
 * From this many questions a section's list is virtual: only the cards near the viewport are in
 * the page (measured as they render), so a section of hundreds of questions with maths scrolls
 * without dropped frames (docs/benchmarks.md, `editor`). Shorter lists render whole, as a
 * plain list (find in page works on them).
 */
export const VIRTUAL_FROM = 60;
const ESTIMATED_CARD_PX = 180;
const GAP_PX = 12;
/** Space the sticky editor header takes at the top of the window. */
const HEADER_PX = 80;

export interface VirtualRowProps {
  'data-index': number;
  ref: (element: HTMLElement | null) => void;
  style: CSSProperties;
}

export function useVirtualQuestions(questions: Question[]) {
  const listRef = useRef<HTMLOListElement | null>(null);
  const [listTop, setListTop] = useState(0);
  const virtual = questions.length >= VIRTUAL_FROM;
  const virtualizer = useWindowVirtualizer({
    count: virtual ? questions.length : 0,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 4,
    gap: GAP_PX,
    scrollMargin: listTop,
    getItemKey: (index) => questions[index]?._id ?? index,
  });

  // Where the list starts in the page, for the virtualizer's window offsets.
  useLayoutEffect(() => {
    if (virtual && listRef.current) setListTop(listRef.current.getBoundingClientRect().top + window.scrollY);
  }, [virtual]);

  const scrollTo = (index: number, questionId: string) => {
    const reveal = () => document.getElementById(`question-${questionId}`)?.scrollIntoView({ block: 'center' });
    if (!virtual) return requestAnimationFrame(reveal);
    virtualizer.scrollToIndex(index, { align: 'start' });
    // Once rendered and measured, the card itself (or its child) is centred.
    setTimeout(() => requestAnimationFrame(reveal), 50);
  };

  if (!virtual) return { listProps: {}, rows: null, scrollTo };
  return {
    listProps: {
      ref: listRef,
      'data-virtual': 'true',
      style: { position: 'relative', height: virtualizer.getTotalSize(), display: 'block' } as CSSProperties,
    },
    rows: virtualizer.getVirtualItems().map((item) => ({
      index: item.index,
      props: {
        'data-index': item.index,
        ref: virtualizer.measureElement,
        style: {
          position: 'absolute',
          top: 0,
          left: 0,
          width: '100%',
          boxSizing: 'border-box',
          transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          scrollMarginTop: HEADER_PX,
        },
      } satisfies VirtualRowProps,
    })),
    scrollTo,
  };
}
