import { describe, expect, it } from 'vitest';
import { namedRoutePath, notificationPayloadLink, resolvePartnerSlug, safeRedirectPath } from '../src/navigation';

describe('resolvePartnerSlug', () => {
  it('prefers the subdomain, then the parameter, then sp', () => {
    expect(resolvePartnerSlug('northfield', 'lakeside')).toBe('northfield');
    expect(resolvePartnerSlug(null, ' Lakeside ')).toBe('lakeside');
    expect(resolvePartnerSlug(null, undefined)).toBe('sp');
    expect(resolvePartnerSlug(undefined, '')).toBe('sp');
    expect(resolvePartnerSlug(null, ['x'])).toBe('sp');
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('/visit/5?tab=2#notes')).toBe('/visit/5?tab=2#notes');
  });

  it('refuses anything that could leave the origin', () => {
    for (const value of [
      '//evil.test',
      '/\\evil.test',
      '/\t/evil.test',
      '/\n/evil.test',
      'https://evil.test',
      'javascript:alert(1)',
      'dashboard',
      '',
      null,
      42,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});

describe('namedRoutePath', () => {
  it('fills the parameters of a named route', () => {
    expect(namedRoutePath('dashboard')).toBe('/dashboard');
    expect(namedRoutePath('request', { request_id: 12 })).toBe('/request/12');
    expect(namedRoutePath('management.quote', { request_id: '3' })).toBe('/management/quote/3');
    expect(namedRoutePath('scenario.overview', { id: 'a/b' })).toBe('/scenarios/a%2Fb/overview');
  });

  it('returns null for unknown names and missing parameters', () => {
    expect(namedRoutePath('nowhere')).toBeNull();
    expect(namedRoutePath('toString')).toBeNull();
    expect(namedRoutePath('visit', {})).toBeNull();
  });
});

describe('notificationPayloadLink', () => {
  it('accepts relative paths, filled placeholders and named routes', () => {
    expect(notificationPayloadLink('/visit/4')).toBe('/visit/4');
    expect(notificationPayloadLink({ link: '/visit/{visit_id}', parameters: { visit_id: 4 } })).toBe('/visit/4');
    expect(notificationPayloadLink({ name: 'interview', params: { interview_id: 9 } })).toBe('/interview/9');
  });

  it('drops off-site, script and incomplete links', () => {
    expect(notificationPayloadLink('javascript:alert(1)')).toBeNull();
    expect(notificationPayloadLink('https://evil.test/')).toBeNull();
    expect(notificationPayloadLink({ link: '//evil.test/{x}', parameters: { x: 1 } })).toBeNull();
    expect(notificationPayloadLink({ link: '/visit/{visit_id}', parameters: {} })).toBeNull();
    expect(notificationPayloadLink(null)).toBeNull();
  });
});
