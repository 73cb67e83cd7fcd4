// When the writer's preview asks the door (issue 62): each preview is drawn from the writer's small preview share under
// a per-user rate, so the page asks only for a text that changed since the last preview, never with a request still
// out (the text typed meanwhile is asked for when it comes back), and not at all while the door has said to wait. The
// pause in typing before a text is "wanted" is the caller's (translation-preview.tsx).

export interface PreviewAskerOptions<Answer> {
  ask: (text: string) => Promise<Answer>;
  answered: (text: string, answer: Answer) => void;
  /** How long the door said to wait before the next preview, if this answer says so (a 429). */
  waitAfter: (answer: Answer) => number | null;
}

export class PreviewAsker<Answer> {
  /** The latest text the writer paused on. */
  private wanted: string | null = null;
  /** The text of the request out or last answered: asked again only if the door said to wait. */
  private asked: string | null = null;
  private busy = false;
  private held = false;
  private closed = false;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PreviewAskerOptions<Answer>) {}

  /** The writer paused on `text`: ask for its preview now, or as soon as the request out comes back. */
  want(text: string): void {
    this.wanted = text;
    this.next();
  }

  /** The preview is gone (its panel closed, the page left): no answer is handed on, nothing more is asked. */
  close(): void {
    this.closed = true;
    clearTimeout(this.holdTimer);
  }

  private next(): void {
    if (this.closed || this.busy || this.held || this.wanted === null || this.wanted === this.asked) return;
    const text = this.wanted;
    this.busy = true;
    this.asked = text;
    void this.options.ask(text).then((answer) => {
      this.busy = false;
      if (this.closed) return;
      this.options.answered(text, answer);
      const wait = this.options.waitAfter(answer);
      if (wait !== null) this.holdFor(wait);
      this.next();
    });
  }

  /** The door said to wait: the text it refused is asked again (or whatever was typed since) when the wait is over. */
  private holdFor(ms: number): void {
    this.held = true;
    this.asked = null;
    this.holdTimer = setTimeout(() => {
      this.held = false;
      this.next();
    }, ms);
  }
}
