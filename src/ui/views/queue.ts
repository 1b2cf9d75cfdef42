/** The review queue: one borderline pair at a time, side by side with per-field scores and the explanation; approve / reject / skip by button or key, undo the last decision. */
import type { Decision, ExplainResponse, FieldScore, ReviewItem } from '../../client/index.js';
import { formatScore, h, mount } from '../dom.js';
import { describeError } from '../session.js';
import { diffMasks, highlighted } from '../text-diff.js';
import { cellText, fieldsOf } from '../record-table.js';
import type { View, ViewContext } from './view.js';

/** Items fetched at a time; the next page is fetched when fewer than {@link REFILL_AT} are left. */
const PAGE = 50;
const REFILL_AT = 5;

/** A decision of this session that undo can withdraw; `saved` settles true once the server has recorded it. */
interface Made {
  item: ReviewItem;
  decision: Decision;
  saved: Promise<boolean>;
}

/**
 * Mounts the queue. Decisions are optimistic: the next pair shows at once
 * and the POST runs behind it; a failed POST puts the pair back and says why.
 *
 * @example
 * const view = queueView(ctx);
 * view.dispose();
 */
export function queueView(ctx: ViewContext): View {
  const { session } = ctx;
  let items: ReviewItem[] = [];
  let at = 0;
  let remaining = 0;
  let decidedHere = 0;
  const made: Made[] = [];
  /** Pairs whose decision is on its way: a refill must not offer them again. */
  const inFlight = new Set<string>();
  const explanations = new Map<string, Promise<ExplainResponse>>();

  const pairArea = h('div', { class: 'pair', 'aria-live': 'polite' }, h('p', {}, 'Loading the queue…'));
  const progress = h('span', { id: 'queue-progress' });
  const recall = h('span', { class: 'recall' });
  const note = h('input', { id: 'decision-note', type: 'text', name: 'note', autocomplete: 'off', placeholder: 'why (optional)' });
  const approveBtn = h('button', { type: 'button', class: 'approve', 'aria-keyshortcuts': 'a', onclick: () => void decide('approve') }, 'Approve ', h('kbd', {}, 'a'));
  const rejectBtn = h('button', { type: 'button', class: 'reject', 'aria-keyshortcuts': 'r', onclick: () => void decide('reject') }, 'Reject ', h('kbd', {}, 'r'));
  const skipBtn = h('button', { type: 'button', 'aria-keyshortcuts': 's ArrowRight', onclick: () => move(1) }, 'Skip ', h('kbd', {}, 's'));
  const undoBtn = h('button', { type: 'button', 'aria-keyshortcuts': 'u', onclick: () => void undo(), disabled: true }, 'Undo last ', h('kbd', {}, 'u'));

  mount(
    ctx.root,
    h('h2', {}, 'Review queue'),
    h('p', { class: 'progress' }, progress, ' ', recall),
    pairArea,
    h(
      'div',
      { class: 'decide', role: 'group', 'aria-label': 'Decision' },
      h('label', { for: 'decision-note' }, 'Note'),
      note,
      approveBtn,
      rejectBtn,
      skipBtn,
      undoBtn,
    ),
    h('p', { class: 'hint' }, 'Keys: ', h('kbd', {}, 'a'), ' approve, ', h('kbd', {}, 'r'), ' reject, ', h('kbd', {}, 's'), ' or ', h('kbd', {}, '→'), ' skip, ', h('kbd', {}, '←'), ' previous, ', h('kbd', {}, 'u'), ' undo the last decision.'),
  );

  const current = (): ReviewItem | undefined => items[at];

  function explain(item: ReviewItem): Promise<ExplainResponse> {
    let p = explanations.get(item.id);
    if (p === undefined) {
      p = session.call((api) => api.explain(item.id_a, item.id_b));
      explanations.set(item.id, p);
      p.catch(() => explanations.delete(item.id));
    }
    return p;
  }

  function renderProgress(): void {
    progress.textContent = `${decidedHere} decided in this session · ${remaining} pending in the review band`;
    const disabled = current() === undefined;
    approveBtn.disabled = disabled;
    rejectBtn.disabled = disabled;
    skipBtn.disabled = disabled || items.length < 2;
    undoBtn.disabled = made.length === 0;
  }

  function render(): void {
    renderProgress();
    const item = current();
    if (item === undefined) {
      mount(pairArea, h('p', { class: 'empty' }, remaining === 0 ? 'The queue is empty: every pair in the review band has a decision.' : 'Loading more pairs…'));
      return;
    }
    mount(pairArea, pairCard(item, null));
    explain(item)
      .then((e) => {
        if (current() === item) mount(pairArea, pairCard(item, e));
      })
      .catch((e: unknown) => ctx.notify(`Could not explain pair ${item.id}: ${describeError(e)}`, 'error'));
    // Prefetch the next explanation so the next pair shows complete at once.
    const next = items[at + 1];
    if (next !== undefined) explain(next).catch(() => undefined);
  }

  async function refill(): Promise<void> {
    const page = await session.call((api) => api.reviews({ limit: PAGE }));
    const known = new Set(items.map((i) => i.id));
    for (const item of page.queue) if (!known.has(item.id) && !inFlight.has(item.id)) items.push(item);
    remaining = page.total - inFlight.size;
    if (at >= items.length) at = 0;
  }

  function move(step: number): void {
    if (items.length === 0) return;
    at = (at + step + items.length) % items.length;
    render();
  }

  async function decide(decision: Decision): Promise<void> {
    const item = current();
    if (item === undefined) return;
    const text = note.value.trim();
    items.splice(at, 1);
    if (at >= items.length) at = 0;
    inFlight.add(item.id);
    remaining--;
    decidedHere++;
    note.value = '';
    const request = session.call((api) => api.decide(item.id, decision, text === '' ? {} : { note: text }));
    // On the undo stack at once, so an undo pressed while the POST is under way withdraws this decision, once it is saved.
    const entry: Made = { item, decision, saved: request.then(() => true, () => false) };
    made.push(entry);
    render();
    try {
      await request;
      ctx.notify(`${decision === 'approve' ? 'Approved' : 'Rejected'} pair ${item.id}`);
    } catch (e) {
      const i = made.indexOf(entry);
      if (i >= 0) made.splice(i, 1);
      items.splice(at, 0, item);
      remaining++;
      decidedHere--;
      ctx.notify(`Decision on ${item.id} failed: ${describeError(e)}`, 'error');
    } finally {
      inFlight.delete(item.id);
    }
    if (items.length < REFILL_AT) await refill().catch((e: unknown) => ctx.notify(describeError(e), 'error'));
    render();
  }

  async function undo(): Promise<void> {
    const last = made.pop();
    if (last === undefined) return;
    renderProgress();
    // A decision that failed was never recorded: it has put its pair back itself.
    if (!(await last.saved)) return;
    try {
      await session.call((api) => api.withdraw(last.item.id));
      items.splice(at, 0, last.item);
      remaining++;
      decidedHere--;
      ctx.notify(`Withdrew the ${last.decision} of pair ${last.item.id}`);
    } catch (e) {
      made.push(last);
      ctx.notify(`Undo failed: ${describeError(e)}`, 'error');
    }
    render();
  }

  const onKey = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) {
      if (event.key === 'Escape') target.blur();
      return;
    }
    if (document.querySelector('dialog[open]') !== null) return;
    const action: Record<string, () => void> = {
      a: () => void decide('approve'),
      r: () => void decide('reject'),
      s: () => move(1),
      ArrowRight: () => move(1),
      ArrowLeft: () => move(-1),
      u: () => void undo(),
    };
    const run = action[event.key];
    if (run === undefined) return;
    event.preventDefault();
    run();
  };
  document.addEventListener('keydown', onKey);

  refill()
    .then(render)
    .catch((e: unknown) => mount(pairArea, h('p', { class: 'error' }, `Could not load the queue: ${describeError(e)}`)));
  // The recall estimate is a worker task on the server: asked once, shown when it comes.
  session
    .call((api) => api.certifyRecall())
    .then((c) => {
      recall.textContent = c.estimated_recall === null ? '· recall not estimable' : `· estimated recall ${formatScore(c.estimated_recall)}`;
      recall.title = c.note;
    })
    .catch(() => undefined);

  return { dispose: () => document.removeEventListener('keydown', onKey) };
}

/** The two records side by side, differences marked, with the explanation's per-field scores when it has arrived. */
function pairCard(item: ReviewItem, explanation: ExplainResponse | null): HTMLElement {
  const fields = fieldsOf([item.record_a, item.record_b]);
  const scores = new Map<string, FieldScore[]>();
  for (const f of explanation?.field_scores ?? []) if (f.penalty === undefined) scores.set(f.field, [...(scores.get(f.field) ?? []), f]);
  const penalties = (explanation?.field_scores ?? []).filter((f) => f.penalty !== undefined);
  const threshold = item.threshold ?? explanation?.threshold;
  return h(
    'article',
    { class: 'pair-card', 'aria-labelledby': 'pair-title' },
    h(
      'h3',
      { id: 'pair-title' },
      `Pair ${item.id} · score ${formatScore(item.score)}`,
      threshold === undefined ? null : h('span', { class: item.score >= threshold ? 'badge match' : 'badge nonmatch' }, item.score >= threshold ? ` matches (threshold ${formatScore(threshold)})` : ` below threshold ${formatScore(threshold)}`),
    ),
    h('p', { class: 'explanation' }, explanation?.explanation ?? 'Explaining…'),
    h(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'The two records' },
      h(
        'table',
        { class: 'side-by-side' },
        h('caption', { class: 'visually-hidden' }, `Record ${item.id_a} and record ${item.id_b}, field by field`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col' }, `Record ${item.id_a}`), h('th', { scope: 'col' }, `Record ${item.id_b}`), h('th', { scope: 'col' }, 'Score'))),
        h(
          'tbody',
          {},
          fields.map((field) => {
            const fs = scores.get(field) ?? [];
            // A field the matchkey read crossed (swaps) is set beside the column of B it was compared with.
            const crossed = fs.find((f) => f.compared_with !== undefined)?.compared_with;
            const a = cellText(item.record_a[field]);
            const b = cellText(item.record_b[crossed ?? field]);
            const same = a === b;
            const masks = same ? null : diffMasks(a, b);
            return h(
              'tr',
              { class: same ? 'same' : 'differs' },
              h('th', { scope: 'row' }, field),
              h('td', {}, masks === null ? a : highlighted(a, masks.a)),
              h('td', {}, masks === null ? b : highlighted(b, masks.b), crossed === undefined ? null : h('small', {}, ` (${crossed})`)),
              h('td', { class: 'num' }, fs.map((f) => h('span', { class: 'field-score' }, formatScore(f.score), h('small', {}, ` ${f.scorer} ×${f.weight}${f.compared_with === undefined ? '' : ` against B's ${f.compared_with}`}`)))),
            );
          }),
        ),
      ),
    ),
    penalties.length === 0 ? null : h('ul', { class: 'penalties' }, penalties.map((p) => h('li', {}, `Negative evidence on ${p.field} (${p.scorer}): −${formatScore(p.penalty)}`))),
  );
}
