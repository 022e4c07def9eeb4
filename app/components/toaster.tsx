import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from "react";
import { cn } from "#app/components/ui/cn.ts";

/**
 * The contact form's toasts, drawn as sonner drew them (a stack in the bottom-right corner,
 * 356 px wide, that fans out under the pointer; tinted success and error cards with an icon)
 * but styled only by the site's classes: nothing injects a <style> element, so the page's
 * Content-Security-Policy needs no 'unsafe-inline' for styles, and the classes reach the
 * page's inline stylesheet like the rest of the form's (scripts/page-styles.ts).
 */

export type ToastType = "success" | "error";

type Toast = {
  id: number;
  type: ToastType;
  title: string;
  description?: string;
  /** Leaving: still drawn while it fades out. */
  removed: boolean;
};

/** How long a toast stays; the clock stops while the visitor holds the stack or the tab is hidden. */
const duration = 4000;
/** At most this many show; older ones fade out until their time is up. */
export const visibleToasts = 3;
/** Between the toasts of the fanned-out stack; how far each older toast peeks out of the pile. */
export const toastGap = 14;
/** A toast's slide and fade, in and out (milliseconds). */
const transitionMs = 400;

/** Where a toast of the stack sits: `lift` px above the bottom, scaled, `height` px tall. */
export type ToastPlace = {
  lift: number;
  scale: number;
  height: number | undefined;
  /** An older toast in the pile shows only its edge. */
  hideContent: boolean;
  visible: boolean;
};

/**
 * The places of the toasts, newest first, from their natural heights (undefined until
 * measured). Piled: the newest in front, each older one `toastGap` higher, 5 % smaller and
 * as tall as the newest. Fanned out: one above the other, `toastGap` apart.
 */
export function placeToasts(
  heights: readonly (number | undefined)[],
  expanded: boolean,
): ToastPlace[] {
  let below = 0;
  return heights.map((height, index) => {
    const lift = expanded ? below + index * toastGap : index * toastGap;
    below += height ?? 0;
    const visible = index < visibleToasts;
    if (expanded || index === 0) return { lift, scale: 1, height, hideContent: false, visible };
    return { lift, scale: 1 - index * 0.05, height: heights[0], hideContent: true, visible };
  });
}

const unplaced: ToastPlace = {
  lift: 0,
  scale: 1,
  height: undefined,
  hideContent: false,
  visible: false,
};

/** The toasts of one form and the function that shows one. */
export function useToaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const show = useCallback((type: ToastType, title: string, description?: string) => {
    const id = ++nextId.current;
    setToasts((list) => [{ id, type, title, description, removed: false }, ...list]);
  }, []);
  const remove = useCallback((id: number) => {
    setToasts((list) =>
      list.map((toast) => (toast.id === id ? { ...toast, removed: true } : toast)),
    );
    setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), transitionMs);
  }, []);
  return { toasts, show, remove };
}

/** Heroicons' check and exclamation circles (MIT), the icons sonner shows. */
const icons: Record<ToastType, ReactNode> = {
  success: (
    <path
      fillRule="evenodd"
      clipRule="evenodd"
      d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z"
    />
  ),
  error: (
    <path
      fillRule="evenodd"
      clipRule="evenodd"
      d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z"
    />
  ),
};

const tints: Record<ToastType, string> = {
  success: "border-success/20 bg-success-soft text-success",
  error: "border-danger/20 bg-danger-soft text-danger",
};

function ToastItem({
  toast,
  place: { lift, scale, height, hideContent, visible },
  layer,
  expanded,
  paused,
  onMeasure,
  onTimeout,
}: {
  toast: Toast;
  place: ToastPlace;
  /** Newer toasts lie on older ones. */
  layer: number;
  expanded: boolean;
  paused: boolean;
  onMeasure: (id: number, height: number) => void;
  onTimeout: (id: number) => void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const remaining = useRef(duration);

  useLayoutEffect(() => {
    if (ref.current) onMeasure(toast.id, ref.current.getBoundingClientRect().height);
  }, [toast.id, onMeasure]);

  useEffect(() => {
    if (paused || toast.removed) return;
    const started = Date.now();
    const timer = setTimeout(() => onTimeout(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.removed, toast.id, onTimeout]);

  return (
    <li
      ref={ref}
      tabIndex={0}
      data-type={toast.type}
      className={cn(
        "absolute right-0 bottom-0 flex w-full items-center gap-1.5 rounded-lg border p-4 text-[13px] wrap-anywhere shadow-[0_4px_12px_rgb(0_0_0/0.1)] outline-none focus-visible:ring-2 focus-visible:ring-ring",
        // Slides in from below; a newer toast pushes it up the pile.
        "transition-[transform,translate,opacity,height,visibility] duration-400 starting:translate-y-full starting:opacity-0 motion-reduce:transition-none",
        "*:transition-opacity *:duration-400 motion-reduce:*:transition-none",
        tints[toast.type],
        hideContent && "*:opacity-0",
        // Fanned out, the pointer stays over the stack across the gap above each toast.
        expanded && "after:absolute after:bottom-full after:left-0 after:h-[15px] after:w-full",
        !visible && "pointer-events-none invisible opacity-0",
        toast.removed && "pointer-events-none opacity-0",
        toast.removed && lift === 0 && "translate-y-full",
      )}
      // Set through the DOM (CSSOM), which a strict style-src allows; only rendered in the browser.
      style={{ transform: `translateY(${-lift}px) scale(${scale})`, height, zIndex: layer }}
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        width="20"
        height="20"
        aria-hidden="true"
        className="-ml-1 mr-px size-5 shrink-0"
      >
        {icons[toast.type]}
      </svg>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="leading-normal font-medium">{toast.title}</div>
        {toast.description ? <div className="leading-[1.4]">{toast.description}</div> : null}
      </div>
    </li>
  );
}

/**
 * The live region the toasts are announced in (polite), named `label` and "alt+T", the keys
 * that move focus to the toasts (Escape moves it back), as with sonner. Rendered empty on
 * the server.
 */
export function Toaster({
  label,
  toasts,
  remove,
}: {
  label: string;
} & Pick<ReturnType<typeof useToaster>, "toasts" | "remove">) {
  const list = useRef<HTMLOListElement>(null);
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(new Map());
  const [pointer, setPointer] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  /** Where focus was before alt+T, to return it on Escape. */
  const returnFocus = useRef<Element | null>(null);
  const expanded = pointer || focused;

  const measure = useCallback((id: number, height: number) => {
    setHeights((map) => (map.get(id) === height ? map : new Map(map).set(id, height)));
  }, []);

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === "KeyT" && list.current) {
        returnFocus.current = document.activeElement;
        list.current.focus();
      } else if (event.key === "Escape" && list.current?.contains(document.activeElement)) {
        if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
        else (document.activeElement as HTMLElement).blur();
        returnFocus.current = null;
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // The toasts still there share the stack; one leaving fades where it stood in the whole list.
  const active = toasts.filter((toast) => !toast.removed);
  const activePlaces = placeToasts(
    active.map((toast) => heights.get(toast.id)),
    expanded,
  );
  const allPlaces = placeToasts(
    toasts.map((toast) => heights.get(toast.id)),
    expanded,
  );
  const placeOf = (toast: Toast, index: number): ToastPlace =>
    (toast.removed ? allPlaces[index] : activePlaces[active.indexOf(toast)]) ?? unplaced;
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      aria-label={`${label} alt+T`}
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    >
      {toasts.length > 0 ? (
        <ol
          ref={list}
          tabIndex={-1}
          onMouseEnter={() => setPointer(true)}
          onMouseMove={() => setPointer(true)}
          onMouseLeave={() => setPointer(false)}
          onFocus={() => setFocused(true)}
          onBlur={onBlur}
          className="fixed right-4 bottom-4 left-4 z-100 outline-none min-[601px]:right-6 min-[601px]:bottom-6 min-[601px]:left-auto min-[601px]:w-[356px]"
        >
          {toasts.map((toast, index) => (
            <ToastItem
              key={toast.id}
              toast={toast}
              place={placeOf(toast, index)}
              layer={toasts.length - index}
              expanded={expanded}
              paused={expanded || hidden}
              onMeasure={measure}
              onTimeout={remove}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
