import type { Page } from "@playwright/test";

/**
 * The fields, buttons, labels and headings that something fixed is drawn over at some scroll of
 * the box they scroll in (the document, or a pane of their own, as Keystatic's screen has): their
 * box (a heading's or a label's text) and the fixed one's overlap across, and a scroll brings them level.
 */
export const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return style.visibility !== "hidden" && Number(style.opacity) > 0 && box.width > 1 && box.height > 1;
    };
    const fixed = [...document.querySelectorAll("body *")].filter(
      (element) => getComputedStyle(element).position === "fixed" && shown(element),
    );
    /** The band of the window that scrolling can bring `element` to: its scrolling box's, or its own if nothing scrolls it. */
    const band = (element: Element, box: DOMRect) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowY } = getComputedStyle(parent);
        if (/auto|scroll/.test(overflowY) && parent.scrollHeight > parent.clientHeight) {
          const { top, bottom } = parent.getBoundingClientRect();
          return { top, bottom };
        }
      }
      const scrolls = document.documentElement.scrollHeight > innerHeight;
      return scrolls ? { top: 0, bottom: innerHeight } : { top: box.top, bottom: box.bottom };
    };
    /** A heading's or a label's text boxes; any other control's own box. */
    const boxes = (control: Element) => {
      if (!/^(H\d|LABEL)$/.test(control.tagName)) return [control.getBoundingClientRect()];
      const range = document.createRange();
      range.selectNodeContents(control);
      return [...range.getClientRects()];
    };
    const covered = new Set<string>();
    for (const control of document.querySelectorAll(
      "input, textarea, select, button, [role=button], h1, h2, h3, label",
    )) {
      if (!shown(control)) continue;
      for (const box of boxes(control)) {
        const { top, bottom } = band(control, box);
        for (const over of fixed) {
          if (over.contains(control) || control.contains(over)) continue;
          const on = over.getBoundingClientRect();
          const across = box.left < on.right && box.right > on.left;
          const level = top < on.bottom && bottom > on.top;
          if (across && level)
            covered.add(`${control.tagName.toLowerCase()} "${(control.textContent ?? "").trim().slice(0, 40)}"`);
        }
      }
    }
    return [...covered];
  });
