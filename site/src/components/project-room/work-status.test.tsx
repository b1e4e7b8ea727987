import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatRoomDateTime } from './room-dates';
import { renderInTheme } from './test/room-ui-fixture';
import { WorkStatusBadge } from './work-status-badge';
import { WorkTimeline } from './work-timeline';

const timeline: ProjectRoom['timeline'] = [
  { status: 'received', actor: 'client', actorName: null, note: null, at: '2026-06-01T10:00:00Z' },
  {
    status: 'in_review',
    actor: 'studio',
    actorName: 'Alex Studio',
    note: 'First mix is up.\nVocal up 1 dB <b>loud</b>',
    at: '2026-06-03T10:00:00Z',
  },
  {
    status: 'changes_requested',
    actor: 'studio',
    actorName: null,
    note: null,
    at: '2026-06-04T10:00:00Z',
  },
];

describe('the work timeline', () => {
  it('lists each status oldest first, with who moved it and when', () => {
    const { container } = renderInTheme(<WorkTimeline timeline={timeline} clientName="You" />);
    const items = [...container.querySelectorAll('[data-timeline-status]')];
    expect(items.map((item) => item.getAttribute('data-timeline-status'))).toEqual([
      'received',
      'in_review',
      'changes_requested',
    ]);
    expect(items[0]?.textContent).toContain('Received');
    expect(items[0]?.textContent).toContain(`You · ${formatRoomDateTime(timeline[0]?.at ?? '')}`);
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe(timeline[0]?.at);
    expect(items[1]?.textContent).toContain('Alex Studio ·');
    // A studio move whose admin is gone is the studio's.
    expect(items[2]?.textContent).toContain('Studio ·');
  });

  it('names the client as the side reading it asks: "You" in their room, "Client" in the studio’s', () => {
    renderInTheme(<WorkTimeline timeline={timeline} clientName="Client" />);
    expect(screen.getByText('Client', { exact: false }).textContent).toMatch(/^Client ·/);
    expect(screen.queryByText(/^You ·/)).toBeNull();
  });

  it('shows a note as plain text, line break kept', () => {
    const { container } = renderInTheme(<WorkTimeline timeline={timeline} clientName="You" />);
    const note = screen.getByText(/First mix is up/);
    expect(note.textContent).toBe('First mix is up.\nVocal up 1 dB <b>loud</b>');
    expect(note.style.whiteSpace).toBe('pre-wrap');
    expect(container.querySelector('b')).toBeNull();
  });

  it('says when the work has no status yet', () => {
    renderInTheme(<WorkTimeline timeline={[]} clientName="Client" />);
    expect(screen.getByText(roomMessages.noMoves)).toBeTruthy();
  });
});

describe('the work-status badge', () => {
  it('shows the status, and says what it is to a screen reader', () => {
    const { container } = renderInTheme(<WorkStatusBadge status="changes_requested" />);
    const badge = container.querySelector('[data-work-status="changes_requested"]');
    expect(badge?.textContent).toBe('Work status: Changes requested');
    expect(screen.getByText('Work status:', { exact: false }).className).toMatch(/VisuallyHidden/);
  });
});
