/**
 * Gas meters measure volume; bills are in kWh (Gas (Calculation of Thermal Energy) Regulations):
 * kWh = m³ × 1.02264 (volume correction) × calorific value (MJ/m³) ÷ 3.6 (MJ per kWh).
 * IMPERIAL meters count hundreds of cubic feet: × 2.83 gives m³ first. The calorific value changes with the
 * network (typically 37.5–43); 39.5 is a default only, so callers pass the value from configuration.
 * The result is exact (a `Ratio`): it is rounded only once, when a statement line prices it.
 */
import { type DecimalInput, type Ratio, divideExact, multiplyExact } from './exact';

export const GAS_VOLUME_CORRECTION = '1.02264';
export const DEFAULT_CALORIFIC_VALUE = '39.5';
export const MEGAJOULES_PER_KWH = '3.6';
/** m³ in one unit of an imperial meter (100 ft³). */
export const CUBIC_METRES_PER_IMPERIAL_UNIT = '2.83';

export type GasMeterUnits = 'METRIC' | 'IMPERIAL';

/** Metered gas volume (m³ for METRIC, hundreds of ft³ for IMPERIAL) to kWh, exactly. */
export function gasVolumeToKwh(volume: DecimalInput | Ratio, units: GasMeterUnits, calorificValue: DecimalInput = DEFAULT_CALORIFIC_VALUE): Ratio {
  const cubicMetres = units === 'IMPERIAL' ? multiplyExact(volume, CUBIC_METRES_PER_IMPERIAL_UNIT) : multiplyExact(volume);
  return divideExact(multiplyExact(cubicMetres, GAS_VOLUME_CORRECTION, calorificValue), MEGAJOULES_PER_KWH);
}

/** kWh to metered gas volume (the inverse of `gasVolumeToKwh`), exactly. */
export function gasKwhToVolume(kwh: DecimalInput | Ratio, units: GasMeterUnits, calorificValue: DecimalInput = DEFAULT_CALORIFIC_VALUE): Ratio {
  const cubicMetres = divideExact(multiplyExact(kwh, MEGAJOULES_PER_KWH), multiplyExact(GAS_VOLUME_CORRECTION, calorificValue));
  return units === 'IMPERIAL' ? divideExact(cubicMetres, CUBIC_METRES_PER_IMPERIAL_UNIT) : cubicMetres;
}
