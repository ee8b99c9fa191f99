import { describe, expect, it } from 'vitest';
import { passwordChangedMail, passwordResetMail } from './mail-templates';

/**
 * The mails' HTML parts hold what a user typed (the first name) and a link made of the public
 * origin: every value is escaped, in text and in attributes alike, so that no value can add
 * markup or leave its attribute.
 */
const NAME = `<img src=x onerror="alert(1)">'"`;
const HOSTILE_LINK = `https://drape.example/reset-password?token=a"><script>alert(1)</script>&x='y'`;
const ESCAPED_LINK = 'https://drape.example/reset-password?token=a&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;x=&#39;y&#39;';

describe('mail templates', () => {
  it.each([
    ['password reset', passwordResetMail],
    ['password changed', passwordChangedMail],
  ])('the %s mail escapes the first name and the link in its HTML part, and keeps them literal in its text part', (_kind, mail) => {
    const { html = '', text } = mail({ email: 'ada@example.com', first_name: NAME }, HOSTILE_LINK);
    expect(html).toContain('Hi &#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#39;&#34;,');
    expect(html).toContain(`href="${ESCAPED_LINK}"`);
    // Markup of the template only: the values added no tag and left no attribute.
    for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(/^<\/?(?:p|a)(?: href="[^"<>]*")?>$/);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(text).toContain(`Hi ${NAME},`);
    expect(text).toContain(HOSTILE_LINK);
  });
});
