import type { TFunction } from 'i18next';
import type { Language } from '../../config/languages';
import type { ActiveFilter } from '../../board/chips';
import { formatNumber } from '../../loads/format';
import { vehicleLabel } from '../../loads/vehicle-types';

/** `27.11`: a loading day as a chip writes it, the way it is written in Uzbekistan. */
export function shortDay(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}.${month}`;
}

/** A chosen filter in words, as its chip and a kept search's label say it. */
export function chipText(filter: ActiveFilter, t: TFunction, language: Language): string {
  switch (filter.kind) {
    case 'search':
      return t('filters.chip.search', { text: filter.text });
    case 'vehicle':
      return vehicleLabel(filter.name, language.code);
    case 'weight': {
      const min = filter.min === null ? '' : formatNumber(filter.min);
      const max = filter.max === null ? '' : formatNumber(filter.max);
      if (min && max) return t('filters.chip.weightRange', { min, max });
      return min ? t('filters.chip.weightMin', { min }) : t('filters.chip.weightMax', { max });
    }
    case 'loading': {
      const from = filter.from ? shortDay(filter.from) : '';
      const to = filter.to ? shortDay(filter.to) : '';
      if (from && to) return from === to ? t('filters.chip.loadingDay', { day: from }) : t('filters.chip.loadingRange', { from, to });
      return from ? t('filters.chip.loadingFrom', { from }) : t('filters.chip.loadingTo', { to });
    }
    default:
      return t('filters.chip.sortLoading');
  }
}
