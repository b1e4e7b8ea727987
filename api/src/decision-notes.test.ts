import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision notes keep one format (docs/decisions/README.md): a numbered title, a status that
 * names existing notes and is answered by them (a note that amends 004 is listed by 004 as
 * amending it), the date first committed, Context, Decision and Consequences; and the index lists
 * every note as its header says.
 */
const dir = path.join(import.meta.dirname, '../../docs/decisions');
const noteFile = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const sections = ['Context', 'Decision', 'Consequences'];

type Relation = 'supersedes' | 'superseded by' | 'amends' | 'amended by';
/** Each relation, the one its target must state back, and whether the target comes later. */
const relations: Record<Relation, { answer: Relation; later: boolean }> = {
  supersedes: { answer: 'superseded by', later: false },
  'superseded by': { answer: 'supersedes', later: true },
  amends: { answer: 'amended by', later: false },
  'amended by': { answer: 'amends', later: true },
};

interface Note {
  file: string;
  number: string;
  title: string;
  status: string;
  date: string;
  links: { relation: Relation; number: string }[];
  problems: string[];
}

function isDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
  );
}

function parseStatus(status: string, problems: string[]): Note['links'] {
  const links: Note['links'] = [];
  let state = 0;
  for (const clause of status.split(/[;,] *(?=[a-z])/)) {
    const related = /^(supersedes|superseded by|amends|amended by) (\d{3}(?:, \d{3})*)$/.exec(
      clause,
    );
    if (clause === 'accepted') state += 1;
    else if (related?.[1] && related[2]) {
      const relation = related[1] as Relation;
      if (relation === 'superseded by') state += 1;
      for (const number of related[2].split(', ')) links.push({ relation, number });
    } else
      problems.push(
        `status clause "${clause}" is none of accepted, superseded by NNN, supersedes NNN, amends NNN, amended by NNN`,
      );
  }
  if (state > 1) problems.push('status is both accepted and superseded, or says it twice');
  return links;
}

function readNote(file: string): Note {
  const number = file.slice(0, 3);
  const problems: string[] = [];
  const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
  const heading = /^# (\d{3})\. (\S.*)$/.exec(lines[0] ?? '');
  if (!heading) problems.push('first line is not "# NNN. Title"');
  else if (heading[1] !== number) problems.push(`title's number ${heading[1]} is not the file's`);
  const status = /^- Status: (\S.*)$/.exec(lines[2] ?? '')?.[1] ?? '';
  if (lines[1] !== '' || !status)
    problems.push('third line is not "- Status: ..." after a blank line');
  const date = /^- Date: (.*)$/.exec(lines[3] ?? '')?.[1] ?? '';
  if (!isDay(date)) problems.push('fourth line is not "- Date: YYYY-MM-DD"');
  let next = 4;
  const updated = /^- Updated: (.*)$/.exec(lines[4] ?? '')?.[1];
  if (updated !== undefined) {
    next = 5;
    const days = updated.split(', ');
    if (
      !days.every(isDay) ||
      [date, ...days].some((day, i, all) => i > 0 && day <= (all[i - 1] ?? ''))
    )
      problems.push('"- Updated:" is not a list of days after the date, oldest first');
  }
  if (lines[next] !== '') problems.push('no blank line after the header lines');

  const found: string[] = [];
  const body: string[] = [];
  for (const line of lines.slice(next)) {
    const section = /^## (.*)$/.exec(line);
    if (section) found.push(section[1] ?? '');
    else if (found.length > 0 && line.trim()) body[found.length - 1] = line;
  }
  if (found.join() !== sections.join())
    problems.push(`sections are "${found.join(', ')}", not "${sections.join(', ')}"`);
  else if (body.filter(Boolean).length !== sections.length) problems.push('a section is empty');

  return {
    file,
    number,
    title: heading?.[2] ?? '',
    status,
    date,
    links: parseStatus(status, problems),
    problems,
  };
}

const notes = readdirSync(dir)
  .filter((file) => noteFile.test(file))
  .sort()
  .map(readNote);
const byNumber = new Map(notes.map((note) => [note.number, note]));

/** The index's rows: `| NNN | [Title](file) | status | date | summary |`. */
const rows = readFileSync(path.join(dir, 'README.md'), 'utf8')
  .split('\n')
  .filter((line) => /^\| *\d{3} *\|/.test(line))
  .map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const link = /^\[(.+)\]\(([^)]+)\)$/.exec(cells[1] ?? '');
    return { line, cells, title: link?.[1], file: link?.[2] };
  });

describe('decision notes', () => {
  it('are files NNN-title.md, numbered once each', () => {
    expect(notes.length).toBeGreaterThanOrEqual(39);
    expect(byNumber.size).toBe(notes.length);
    const stray = readdirSync(dir).filter((file) => file !== 'README.md' && !noteFile.test(file));
    expect(stray).toEqual([]);
  });

  it('each have the header lines and the three sections', () => {
    const problems = notes.flatMap((note) => note.problems.map((p) => `${note.file}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('name only existing notes in their status, and each named note answers it', () => {
    const problems = notes.flatMap((note) =>
      note.links.flatMap(({ relation, number }) => {
        const other = byNumber.get(number);
        if (!other) return [`${note.file}: "${relation} ${number}" names no note`];
        const { answer, later } = relations[relation];
        if (later !== number > note.number)
          return [`${note.file}: "${relation} ${number}" points ${later ? 'back' : 'forward'}`];
        const answered = other.links.some((l) => l.relation === answer && l.number === note.number);
        return answered ? [] : [`${other.file}: status lacks "${answer} ${note.number}"`];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('are each listed once in the index with their title, status and date', () => {
    const problems = notes.flatMap((note) => {
      const listed = rows.filter((row) => row.file === note.file);
      if (listed.length !== 1) return [`${note.file}: ${listed.length} rows in the index`];
      const [row] = listed;
      const expected = [note.number, `[${note.title}](${note.file})`, note.status, note.date];
      return row && row.cells.slice(0, 4).join(' | ') === expected.join(' | ')
        ? []
        : [`${note.file}: index row "${row?.line}" does not say ${expected.join(' | ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('has an index whose rows each name an existing note, in order, with a summary', () => {
    const problems = rows.flatMap((row, i) => {
      const number = row.cells[0] ?? '';
      if (row.cells.length !== 5 || !row.cells[4])
        return [`"${row.line}": not 5 cells with a summary`];
      if (!row.file || !byNumber.has(number) || byNumber.get(number)?.file !== row.file)
        return [`"${row.line}": links no note numbered ${number}`];
      return i > 0 && number <= (rows[i - 1]?.cells[0] ?? '')
        ? [`row ${number} is out of order`]
        : [];
    });
    expect(problems).toEqual([]);
  });
});
