/**
 * What the widget accepts as an email address from the visitor (the pre-chat form, the closed
 * welcome): one `@`, no spaces, a dot in the domain, within the lengths mail allows.
 */
export const EMAIL_ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,253}\.[^\s@]{2,}$/;
