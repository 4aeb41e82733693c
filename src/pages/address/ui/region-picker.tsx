import { useTranslation } from '@/shared/i18n';
import type { District } from '@contracts';
import type { LoadedLevels } from '../lib/region-tree';

export interface RegionPickerProps {
  levels: LoadedLevels;
  /** Province, city and area codes ('' when not chosen). */
  value: { province: string; city: string; area: string };
  error: string;
  /** The chosen path (one to three codes); a shorter path clears the levels below. */
  onChange: (path: string[]) => void;
  /** Loads the children of a region (resolves when they are in `levels`). */
  onLoad: (code: string) => unknown;
}

type Level = 'province' | 'city' | 'area';

const isLeaf = (list: readonly District[] | undefined, code: string) => Boolean(list?.find((d) => d.code === code)?.leaf);

/**
 * Province, city and area as three linked native selects: Semi's Cascader, open, fails three serious axe rules that
 * none of its props reach (docs/decisions/ui-components.md, "Semi Cascader"). A level's list loads when its parent is chosen;
 * Hong Kong and Macau have no third level, so the area select is not shown once such a city is chosen.
 */
export function RegionPicker({ levels, value, error, onChange, onLoad }: RegionPickerProps) {
  const { t } = useTranslation('address');
  const provinces = levels[''] ?? [];
  const cities = value.province ? levels[value.province] : undefined;
  const areas = value.city ? levels[value.city] : undefined;
  const cityIsLeaf = isLeaf(cities, value.city);

  const choose = (level: Level, code: string) => {
    const path = level === 'province' ? [code] : level === 'city' ? [value.province, code] : [value.province, value.city, code];
    onChange(code ? path : path.slice(0, -1));
    const list = level === 'province' ? provinces : level === 'city' ? cities : undefined;
    if (code && level !== 'area' && !isLeaf(list, code)) onLoad(code);
  };

  const select = (level: Level, options: readonly District[] | undefined, disabled: boolean) => (
    <label className="region-picker__level">
      <span className="region-picker__name">{t(`regionLevel.${level}`)}</span>
      <select
        id={`address-region-${level}`}
        className="region-picker__select"
        value={value[level]}
        disabled={disabled}
        aria-invalid={Boolean(error) && !value[level]}
        aria-describedby="address-region-error"
        aria-required
        onChange={(event) => choose(level, event.target.value)}
      >
        <option value="">{t(`regionPlaceholder.${level}`)}</option>
        {(options ?? []).map((d) => (
          <option key={d.code} value={d.code}>
            {d.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <fieldset className="region-picker" aria-describedby="address-region-error">
      <legend className="address-form__label">{t('field.region')}</legend>
      <div className="region-picker__levels">
        {select('province', provinces, provinces.length === 0)}
        {select('city', cities, !value.province || !cities)}
        {!cityIsLeaf && select('area', areas, !value.city || !areas)}
      </div>
      <div id="address-region-error" className="address-form__error" aria-live="polite">
        {error}
      </div>
    </fieldset>
  );
}
