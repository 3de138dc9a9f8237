/**
 * @jest-environment node
 *
 * The production server's page instances answer again from what any instance built from the same texts
 * worked out (src/i18n/server-translations.ts): the same words as i18next's own, never across languages or
 * namespaces, and never for a call that passes more than plain values.
 */
import React from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { answerKey, keepsAnswers, rememberAnswers } from '../src/i18n/server-translations';
import { wrapPageElement } from '../src/gatsby/ssr';
import { LANGUAGES, type Language } from '../src/config/languages';
import { wrappedInLanguage } from './support/render-page';
import russianLoads from '../locales/ru/loads.json';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

function instanceOf(resources: Resources, language: string, defaultNS: string, fallbackNS: string[] = []): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: 'uz',
    defaultNS,
    fallbackNS,
    lowerCaseLng: true,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  // As src/i18n/translator.ts says: react-i18next's `reportNamespaces` is not on createInstance's type.
  return instance as I18n;
}

/** Counts the answers i18next itself works out for an instance (its translator is the library's own). */
function workedOut(instance: I18n): jest.SpyInstance {
  return jest.spyOn((instance as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator, 'translate');
}

const RESOURCES: Resources = {
  uz: {
    loads: { weight: '{{value}} t', trucks_one: '{{count}} ta mashina', trucks_other: '{{count}} ta mashina', same: 'Yuklar' },
    places: { same: 'Joylar' },
  },
  ru: {
    loads: {
      weight: '{{value}} т',
      trucks_one: '{{count}} машина',
      trucks_few: '{{count}} машины',
      trucks_many: '{{count}} машин',
      same: 'Грузы',
    },
  },
};

afterEach(() => jest.restoreAllMocks());

describe('answers kept on the production server', () => {
  it('answers as i18next does, and a second instance of the same texts works nothing out again', () => {
    const asks: Array<[string, Record<string, unknown> | undefined]> = [
      ['weight', { value: '16' }],
      ['trucks', { count: 1 }],
      ['trucks', { count: 3 }],
      ['trucks', { count: 5 }],
      ['same', undefined],
      ['missing.key', undefined],
    ];
    // As react-i18next's useTranslation asks: through a translate function fixed to the page's language.
    const ask = (instance: I18n) => {
      const t = instance.getFixedT('ru', 'loads');
      return asks.map(([key, options]) => t(key, options));
    };
    const first = instanceOf(RESOURCES, 'ru', 'loads');
    rememberAnswers(first);
    const expected = ask(instanceOf(RESOURCES, 'ru', 'loads'));
    expect(ask(first)).toEqual(expected);
    expect(expected).toEqual(['16 т', '1 машина', '3 машины', '5 машин', 'Грузы', 'missing.key']);

    const second = instanceOf(RESOURCES, 'ru', 'loads');
    rememberAnswers(second);
    const translate = workedOut(second);
    expect(ask(second)).toEqual(expected);
    expect(translate).not.toHaveBeenCalled();
  });

  it('keeps languages and namespaces apart', () => {
    const russian = instanceOf(RESOURCES, 'ru', 'loads');
    const uzbek = instanceOf(RESOURCES, 'uz', 'loads');
    const places = instanceOf(RESOURCES, 'uz', 'places', ['loads']);
    for (const instance of [russian, uzbek, places]) rememberAnswers(instance);
    expect([russian.t('same'), uzbek.t('same'), places.t('same')]).toEqual(['Грузы', 'Yuklar', 'Joylar']);
    expect([places.t('weight', { value: '2' }), uzbek.t('weight', { value: '2' })]).toEqual(['2 t', '2 t']);
  });

  it('works out every call that passes more than plain values, each time', () => {
    const instance = instanceOf(RESOURCES, 'uz', 'loads');
    rememberAnswers(instance);
    const translate = workedOut(instance);
    const options = { value: '7', interpolation: { escapeValue: false } };
    expect([instance.t('weight', options), instance.t('weight', options)]).toEqual(['7 t', '7 t']);
    expect(translate).toHaveBeenCalledTimes(2);
    expect(answerKey(instance, 'weight', { value: () => '7' })).toBeNull();
    expect(answerKey(instance, 'weight', 'a default')).toBeNull();
    expect(answerKey(instance, 'weight', { value: '7', lngs: ['uz'] })).not.toBeNull();
  });

  it('are kept only by the production server: not in the browser, in development or in tests', () => {
    expect(keepsAnswers()).toBe(false);
    const environment = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      expect(keepsAnswers()).toBe(true);
    } finally {
      process.env.NODE_ENV = environment;
    }
  });

  it("reach the instance the plugin's page wrapper builds, through the server's wrapper (gatsby-ssr)", () => {
    const ru = LANGUAGES.find((language) => language.prefix === 'ru') as Language;
    const served = () =>
      wrappedInLanguage(<main />, ru, '/loads', ['common', 'loads'], wrapPageElement) as React.ReactElement<{ i18n?: I18n }>;
    const environment = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const instance = served().props.i18n as I18n;
      expect(Object.prototype.hasOwnProperty.call(instance, 't')).toBe(true);
      expect(instance.getFixedT('ru', 'loads')('card.to')).toBe(russianLoads.card.to);
      const next = served().props.i18n as I18n;
      const translate = workedOut(next);
      expect(next.getFixedT('ru', 'loads')('card.to')).toBe(russianLoads.card.to);
      expect(translate).not.toHaveBeenCalled();
    } finally {
      process.env.NODE_ENV = environment;
    }
  });
});
