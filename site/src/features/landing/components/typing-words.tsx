import { Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import classes from './hero-section.module.css';

/** Japanese words about community, typed out in the hero as decoration. */
export const COMMUNITY_WORDS = [
  'コミュニティ',
  '仲間',
  '絆',
  '協力',
  '音楽',
  '創造',
  'つながり',
  '共感',
  '友情',
  '響き',
] as const;

/** Spec 9: 150 ms a character, 2000 ms on a finished word, a new order every 8000 ms. */
export const TYPE_MS = 150;
export const PAUSE_MS = 2000;
export const RESHUFFLE_MS = 8000;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Types a word, holds it, erases it and moves to the next. Purely visual (spec 2), so hidden
 * from assistive technology; under prefers-reduced-motion it shows one still word.
 */
export function TypingWords() {
  // Read after the first render, which must match the pre-rendered HTML (empty, with the caret);
  // the typing starts only after a timer, so a visitor who asked for less motion still sees no
  // animated frame, and the caret's blink is off for them in CSS.
  const reduceMotion = useReducedMotion(undefined, { getInitialValueInEffect: true });
  const [text, setText] = useState('');
  const words = useRef<string[]>(shuffled(COMMUNITY_WORDS));

  useEffect(() => {
    if (reduceMotion) return;
    const reshuffle = setInterval(() => {
      words.current = shuffled(COMMUNITY_WORDS);
    }, RESHUFFLE_MS);

    let index = 0;
    // The word being typed is fixed until it is erased, even if the list is reshuffled meanwhile;
    // Array.from counts characters, not UTF-16 units.
    let chars = Array.from(words.current[0] ?? '');
    let length = 0;
    let deleting = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (!deleting) {
        length += 1;
        setText(chars.slice(0, length).join(''));
        if (length >= chars.length) {
          deleting = true;
          timer = setTimeout(tick, PAUSE_MS);
          return;
        }
      } else {
        length -= 1;
        setText(chars.slice(0, length).join(''));
        if (length <= 0) {
          deleting = false;
          index += 1;
          const list = words.current;
          chars = Array.from(list[index % list.length] ?? '');
        }
      }
      timer = setTimeout(tick, TYPE_MS);
    };
    timer = setTimeout(tick, TYPE_MS);
    return () => {
      clearInterval(reshuffle);
      clearTimeout(timer);
    };
  }, [reduceMotion]);

  return (
    <Text
      component="p"
      className={classes.typing}
      aria-hidden
      data-testid="typing-words"
      data-animated={!reduceMotion || undefined}
    >
      {reduceMotion ? COMMUNITY_WORDS[0] : text}
      {!reduceMotion && <span className={classes.caret} />}
    </Text>
  );
}
