import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { WireDepartment } from '../../api/wire.ts';
import { createIntake } from './intake.ts';
import { createMemoryStore } from '../platform/storage.ts';

const dept = (id: string, extra: Partial<WireDepartment> = {}) => ({ _id: id, id, name: `Dept ${id}`, status: 1, ...extra }) as WireDepartment;

function setup(o: { departments?: WireDepartment[]; departmentID?: string; preChat?: boolean; known?: { fullname: string; email: string } } = {}) {
  const store = createMemoryStore();
  const departments = signal(o.departments ?? []);
  const conversation = signal(false);
  const intake = createIntake({
    store,
    departments,
    departmentsKnown: () => true,
    departmentID: () => o.departmentID ?? '',
    preChatEnabled: () => o.preChat ?? false,
    known: () => o.known ?? { fullname: '', email: '' },
    hasConversation: () => conversation.value,
  });
  return { intake, store, departments, conversation };
}

describe('createIntake', () => {
  it('asks for the pre-chat form first, then the department, then chats', async () => {
    const { intake } = setup({ preChat: true, departments: [dept('a'), dept('b'), dept('d', { default: true })] });
    expect(intake.stage.value).toBe('prechat');
    await intake.submitPreChat({ userFullname: 'Ada', userEmail: 'ada@example.com' });
    expect(intake.stage.value).toBe('departments');
    expect(intake.choices.value.map((d) => d._id)).toEqual(['a', 'b']);
    await intake.chooseDepartment('b');
    expect(intake.stage.value).toBe('chat');
    expect(intake.department.value?._id).toBe('b');
  });

  it('asks nothing the page already told: a known visitor, a named or single department', () => {
    expect(setup({ preChat: true, known: { fullname: 'Ada', email: 'ada@example.com' } }).intake.stage.value).toBe('chat');
    const named = setup({ departments: [dept('a'), dept('b')], departmentID: 'b' }).intake;
    expect([named.stage.value, named.department.value?._id]).toEqual(['chat', 'b']);
    const single = setup({ departments: [dept('a'), dept('off', { status: 0 })] }).intake;
    expect([single.stage.value, single.department.value?._id]).toEqual(['chat', 'a']);
  });

  it('never asks during a conversation; a new one asks for the department again, not for the form', async () => {
    const { intake, conversation } = setup({ preChat: true, departments: [dept('a'), dept('b')] });
    await intake.submitPreChat({ userFullname: 'Ada', userEmail: 'ada@example.com' });
    await intake.chooseDepartment('a');
    conversation.value = true;
    expect(intake.stage.value).toBe('chat');
    conversation.value = false;
    await intake.resetDepartment();
    expect(intake.stage.value).toBe('departments');
  });

  it('is kept across reloads, and forgotten on reset', async () => {
    const first = setup({ preChat: true, departments: [dept('a'), dept('b')] });
    await first.intake.submitPreChat({ userFullname: 'Ada', userEmail: 'ada@example.com' });
    await first.intake.chooseDepartment('a');
    const again = createIntake({
      store: first.store,
      departments: first.departments,
      departmentsKnown: () => true,
      departmentID: () => '',
      preChatEnabled: () => true,
      known: () => ({ fullname: '', email: '' }),
      hasConversation: () => false,
    });
    await again.restore();
    expect([again.stage.value, again.department.value?._id, again.preChat.value?.userFullname]).toEqual(['chat', 'a', 'Ada']);
    await again.forget();
    expect(again.stage.value).toBe('prechat');
    expect(await first.store.get('intake')).toBeUndefined();
  });
});
