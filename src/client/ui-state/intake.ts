import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { WireDepartment } from '../../api/wire.ts';
import { preselectedDepartment, selectableDepartments } from '../../state/departments.ts';
import type { PreChatValues } from '../../state/preChatForm.ts';
import { preChatNeeded } from '../../state/preChatNeeded.ts';
import type { KeyValueStore } from '../platform/storage.ts';

/**
 * What comes before the first message of a conversation: the pre-chat form (who the visitor is)
 * and the department (who should answer). Both are asked only when configured, and only once.
 */
export type IntakeStage = 'prechat' | 'departments' | 'chat';

export interface IntakeModel {
  /** What the screen asks now: nothing during a conversation (one with a message on its way or stored). */
  stage: ReadonlySignal<IntakeStage>;
  /**
   * A new conversation's first message waits in the outbox (sendQueue.ts `held`): for what the
   * intake asks, or for the project to say whether it asks (`departmentsKnown`).
   */
  holds: ReadonlySignal<boolean>;
  /** The department of the next conversation: chosen, named by the page, the only one, or null. */
  department: ReadonlySignal<WireDepartment | null>;
  choices: ReadonlySignal<WireDepartment[]>;
  preChat: ReadonlySignal<PreChatValues | null>;
  /** Reads what is stored (nothing stored: nothing held, as after another tab forgot the visitor). */
  restore(): Promise<void>;
  submitPreChat(values: PreChatValues): Promise<void>;
  chooseDepartment(id: string): Promise<void>;
  /** A new conversation asks for the department again (the visitor stays known). */
  resetDepartment(): Promise<void>;
  forget(): Promise<void>;
}

interface Stored {
  preChat?: PreChatValues;
  departmentId?: string;
}

export function createIntake(options: {
  store: KeyValueStore;
  departments: ReadonlySignal<WireDepartment[]>;
  /** The service said which departments there are (or could not). */
  departmentsKnown: () => boolean;
  departmentID: () => string;
  preChatEnabled: () => boolean;
  /** Who the page (or an earlier form) says the visitor is. */
  known: () => { fullname: string; email: string };
  /** A conversation is under way: its first message left (or a stored one was read), none held for the intake. */
  hasConversation: () => boolean;
}): IntakeModel {
  const { store } = options;
  const preChat = signal<PreChatValues | null>(null);
  const chosenId = signal<string | null>(null);

  const choices = computed(() => selectableDepartments(options.departments.value));
  const department = computed(() => {
    const chosen = chosenId.value ? options.departments.value.find((d) => d._id === chosenId.value) : undefined;
    if (chosen) return chosen;
    const pre = preselectedDepartment(options.departments.value, options.departmentID());
    return pre === 'ask' ? null : pre;
  });
  // What a new conversation still asks, a conversation under way or not.
  const pending = computed<IntakeStage>(() => {
    if (!preChat.value && preChatNeeded(options.preChatEnabled(), options.known())) return 'prechat';
    if (!department.value && preselectedDepartment(options.departments.value, options.departmentID()) === 'ask') return 'departments';
    return 'chat';
  });
  const stage = computed<IntakeStage>(() => (options.hasConversation() ? 'chat' : pending.value));
  const holds = computed(() => !options.departmentsKnown() || pending.value !== 'chat');

  const save = () =>
    store.set('intake', { ...(preChat.value ? { preChat: preChat.value } : {}), ...(chosenId.value ? { departmentId: chosenId.value } : {}) } satisfies Stored);

  return {
    stage,
    holds,
    department,
    choices,
    preChat,
    async restore() {
      const saved = await store.get<Stored>('intake');
      preChat.value = saved?.preChat && typeof saved.preChat === 'object' ? saved.preChat : null;
      chosenId.value = typeof saved?.departmentId === 'string' ? saved.departmentId : null;
    },
    async submitPreChat(values) {
      preChat.value = values;
      await save();
    },
    async chooseDepartment(id) {
      chosenId.value = id;
      await save();
    },
    async resetDepartment() {
      chosenId.value = null;
      await save();
    },
    async forget() {
      preChat.value = null;
      chosenId.value = null;
      await store.del('intake');
    },
  };
}
