import { getLabels } from '../../api/labels.ts';
import type { WidgetsResponse } from '../../api/wire.ts';
import { remoteLabelsFor } from '../../i18n/translator.ts';
import { sameRecord } from '../../state/sameRecord.ts';
import { whenIdle } from '../live/idle.ts';
import { createLookCache, localStorageOf } from '../ui-state/lookCache.ts';
import type { ClientContext } from './clientContext.ts';

/** First visit: how long the launcher waits, unseen, for the project's look before it shows anyway. */
const LOOK_WAIT_MS = 2500;

/**
 * The widget's look and texts: the last visit's, painted at once (README "First paint"), then the
 * service's (the project's `/widgets`, the labels of the chat's language), kept for the next visit
 * and for the loader's placeholder. Until the look is known a first visit's launcher stays unseen
 * (`ui.lookReady`): it would move or change colour.
 */
export function createLook(c: ClientContext) {
  const { win, http, projectId, settings, ui, project, translator, lang, life } = c;
  const lookCache = createLookCache(c.persistence === 'none' ? null : localStorageOf(win), projectId);
  /** The language the views' texts are in (the translator's from its start, then each one loaded). */
  let spoken = lang.peek();

  /**
   * The labels of `language` from the service over the widget's own; not answered: the texts shown
   * stay. Views read their texts again only when they changed: a returning visit's texts are the
   * last visit's, and reading them again rendered every view (the window too, parked with a long
   * history) in one long task of the host page.
   */
  async function loadLabels(language: string) {
    const shown = language === spoken ? translator.texts(language) : null;
    await translator.use(language);
    spoken = language;
    const answer = await getLabels(http, projectId, language).then(
      (labels) => ({ labels }),
      () => null,
    );
    if (answer) {
      await translator.refresh(language, remoteLabelsFor(language, answer.labels));
      lookCache.saveTexts(language, translator.texts(language));
    }
    if (!shown || !sameRecord(shown, translator.texts(language))) ui.textsChanged();
  }

  return {
    loadLabels,
    /** The last visit's look and texts, before the start (a stage of its own). */
    paintLastVisit() {
      const cachedWidgets = lookCache.widgets();
      if (cachedWidgets) {
        project.apply(cachedWidgets);
        ui.showLook();
      }
      const cachedTexts = lookCache.texts(lang.peek());
      if (cachedTexts) translator.overlay(lang.peek(), cachedTexts);
    },
    /** The start-up asks the service now: a first visit shows the launcher after LOOK_WAIT_MS whatever it answers. */
    waitForService() {
      const timer = setTimeout(ui.showLook, LOOK_WAIT_MS);
      life.onDispose(() => clearTimeout(timer));
    },
    /** The project's answer, kept for the next visit, with the loader's look for the next page. */
    keep(widgets: Partial<WidgetsResponse>) {
      const { project: p, departments } = widgets;
      const cached = { ...(p ? { project: p } : {}), ...(departments ? { departments } : {}) };
      lookCache.save(cached);
      // The loader's look for the next page (this one has its look): at idle, with its code
      // (launcherLook.ts). Not downloaded (offline): the next page saves it.
      const saveLook = () =>
        void import('../../state/launcherLook.ts').then(
          (m) => !life.disposed && lookCache.save(cached, m.launcherLook(settings.peek())),
          () => undefined,
        );
      life.onDispose(whenIdle(win, saveLook));
    },
    /** Once started, a change of language loads its texts. */
    watch() {
      life.effects(() => {
        const language = lang.value;
        if (life.started) void loadLabels(language);
      });
    },
  };
}
