/** A conversation id as the service and the official widget make it: `support-group-{pid}-{32 lowercase hex}`. */
export function newRequestId(projectId: string, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const hex = Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `support-group-${projectId}-${hex}`;
}

export function isRequestIdOf(projectId: string, value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`support-group-${projectId}-`) && /^[0-9a-f]{32}$/.test(value.slice(-32));
}

/** A client id for one outgoing message (`attributes.tempUID`): matches the echo, prevents a second send. */
export function newTempUID(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newRequestId('t').slice(-32);
}
