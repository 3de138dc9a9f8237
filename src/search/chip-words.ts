import type { TFunction } from 'i18next';
import type { Language } from '../config/languages';
import type { QueryChip } from './chips';
import type { Chip, FilterKey, FilterValues } from './filter-table';
import { formatNumber } from '../loads/format';
import { vehicleLabel } from '../loads/vehicle-types';

/** `27.11`: a loading day as a chip writes it, the way it is written in Uzbekistan. */
export function shortDay(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}.${month}`;
}

type ChipWords = { readonly [K in FilterKey]: (value: FilterValues[K], t: TFunction, language: Language) => string };

/** Each filter's chip in words, keyed as the filter table (board/filter-table.ts) is. */
const CHIP_WORDS: ChipWords = {
  vehicle: (names, _t, language) => names.map((name) => vehicleLabel(name, language.code)).join(', '),
  weight: ({ min, max }, t) => {
    const from = min === null ? '' : formatNumber(min);
    const to = max === null ? '' : formatNumber(max);
    if (from && to) return t('filters.chip.weightRange', { min: from, max: to });
    return from ? t('filters.chip.weightMin', { min: from }) : t('filters.chip.weightMax', { max: to });
  },
  loading: ({ from, to }, t) => {
    const first = from ? shortDay(from) : '';
    const last = to ? shortDay(to) : '';
    if (first && last)
      return first === last ? t('filters.chip.loadingDay', { day: first }) : t('filters.chip.loadingRange', { from: first, to: last });
    return first ? t('filters.chip.loadingFrom', { from: first }) : t('filters.chip.loadingTo', { to: last });
  },
  near: (km, t) => t('filters.chip.near', { km: formatNumber(km ?? 0) }),
  sort: (_sort, t) => t('filters.chip.sortLoading'),
  nearTo: (km, t) => (km ? t('filters.chip.nearTo', { km: formatNumber(km) }) : t('filters.chip.nearToAlone')),
};

/** A chosen filter in words, as its chip and a kept search's label say it. */
export function chipText(chip: QueryChip, t: TFunction, language: Language): string {
  if (chip.key === 'search') return t('filters.chip.search', { text: chip.text });
  return (CHIP_WORDS[chip.key] as (value: Chip['value'], t: TFunction, language: Language) => string)(chip.value, t, language);
}
