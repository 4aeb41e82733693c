import { Cascader } from '@douyinfe/semi-ui-19';
import type { CascaderData } from '@douyinfe/semi-ui-19/lib/es/cascader';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { District } from '@/shared/api';
import type { LoadedLevels } from '../lib/region-tree';

export interface RegionPickerProps {
  levels: LoadedLevels;
  /** Province, city and area codes ('' when not chosen). */
  value: { province: string; city: string; area: string };
  error: string;
  /** The chosen path: province, city and, where the city has areas, the area. */
  onChange: (path: string[]) => void;
  /** Loads the children of a region (resolves when they are in `levels`). */
  onLoad: (code: string) => unknown;
}

/** The loaded part of the region tree as Semi's Cascader reads it; a region's children appear once loaded. */
function treeOf(levels: LoadedLevels, parent: string): CascaderData[] {
  return (levels[parent] ?? []).map((district: District) => {
    const children = levels[district.code];
    return {
      label: district.name,
      value: district.code,
      isLeaf: district.leaf,
      ...(children ? { children: treeOf(levels, district.code) } : {}),
    };
  });
}

/**
 * Province, city and area in Semi's Cascader, each level loaded when its parent is opened. The value changes only
 * when a whole path is chosen (down to a leaf: Hong Kong's and Macau's cities have no areas), so a half-chosen
 * region never reaches the form.
 */
export function RegionPicker({ levels, value, error, onChange, onLoad }: RegionPickerProps) {
  const { t } = useTranslation('address');
  const treeData = useMemo(() => treeOf(levels, ''), [levels]);
  const path = [value.province, value.city, value.area].filter(Boolean);
  return (
    <div className="region-picker">
      <span id="address-region-label" className="address-form__label">
        {t('field.region')}
      </span>
      <Cascader
        id="address-region"
        className="region-picker__control"
        treeData={treeData}
        value={path}
        placeholder={t('regionPlaceholder')}
        separator=" / "
        disabled={treeData.length === 0}
        loadData={async (selected) => {
          const last = selected[selected.length - 1];
          if (last) await onLoad(String(last.value));
        }}
        onChange={(picked) => onChange(Array.isArray(picked) ? picked.map(String) : [])}
        aria-labelledby="address-region-label"
        aria-describedby="address-region-error"
        aria-invalid={Boolean(error)}
        aria-required
        validateStatus={error ? 'error' : 'default'}
      />
      <div id="address-region-error" className="address-form__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
