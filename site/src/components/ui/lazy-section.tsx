import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
} from 'react';

/** A page section in its own chunk: declared once per module with `lazySection`. */
export interface LazySectionCode {
  lazy: LazyExoticComponent<ComponentType>;
  /** Set by `preloadLazySections` (pre-rendering only). */
  loaded?: ComponentType;
}

const sections: { code: LazySectionCode; load: () => Promise<ComponentType> }[] = [];

/** Declares a section whose code is split off the page's first script (see LazySection). */
export function lazySection(load: () => Promise<ComponentType>): LazySectionCode {
  const code: LazySectionCode = { lazy: lazy(async () => ({ default: await load() })) };
  sections.push({ code, load });
  return code;
}

/** Loads every lazy section's code, for rendering the whole page to HTML at build time. */
export async function preloadLazySections(): Promise<void> {
  await Promise.all(
    sections.map(async ({ code, load }) => {
      code.loaded = await load();
    }),
  );
}

/**
 * Renders a lazy section. Pre-rendering (entry-server) has loaded its code, so the HTML holds
 * it whole; in the browser its markup stays as the server wrote it until the code arrives, then
 * hydrates in place (one Suspense boundary each), so nothing moves. Without pre-rendered HTML
 * (a client-side visit) it appears once loaded.
 */
export function LazySection({
  code,
  onLive,
}: {
  code: LazySectionCode;
  /** Called once the section is live, saying whether it hydrated pre-rendered HTML. */
  onLive?: (prerendered: boolean) => void;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  // Whether the wrapper came with the server's markup (hydration) or empty (a client-side
  // visit), read when it is first attached, before the section's code has arrived.
  const prerendered = useRef<boolean | null>(null);
  const attach = (el: HTMLDivElement | null) => {
    wrapper.current = el;
    if (el && prerendered.current === null) prerendered.current = el.childElementCount > 0;
  };
  // Only the server renders the loaded code directly: in the browser the first render must
  // suspend like the HTML's boundary, whatever is cached.
  const Section = import.meta.env.SSR && code.loaded ? code.loaded : code.lazy;
  // `display: contents` keeps the layout as if the section stood alone; the attribute tells
  // when it is live (the browser tests wait for it, see e2e/browser.ts).
  return (
    <div data-lazy-section="" ref={attach} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        <Section />
        <MarkHydrated target={wrapper} onLive={() => onLive?.(prerendered.current === true)} />
      </Suspense>
    </div>
  );
}

/** Marks `target` once the Suspense boundary around it has hydrated (its effects run then). */
function MarkHydrated({
  target,
  onLive,
}: {
  target: RefObject<HTMLElement | null>;
  onLive: () => void;
}) {
  const live = useRef(onLive);
  useEffect(() => {
    target.current?.setAttribute('data-hydrated', '');
    live.current();
  }, [target]);
  return null;
}
