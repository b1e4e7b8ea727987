import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReportAnalytics } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { checkCustom, type Period, PRESETS, type Preset, presetPeriod } from '../period';

/** The spec leaves the period open: three presets, or any range in two plain date inputs. */
export function PeriodPicker({
  loading,
  onGenerate,
  actions,
}: {
  loading: boolean;
  onGenerate: (period: Period) => void;
  /** Shown beside 'Generate report' (Print, Save as PDF once there is a report). */
  actions?: ReactNode;
}) {
  const [preset, setPreset] = useState<Preset>('last30');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Four segments do not fit across a phone; stacked they do.
  const narrow = useMediaQuery('(max-width: 30em)');

  const generate = () => {
    if (preset !== 'custom') return onGenerate(presetPeriod(preset));
    const checked = checkCustom(from, to);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    onGenerate(checked.period);
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Report period"
        data={[...PRESETS]}
        value={preset}
        onChange={(v) => {
          setPreset(v as Preset);
          setError(null);
        }}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth
      />
      {preset === 'custom' && (
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="From"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.currentTarget.value)}
            error={error}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          onClick={generate}
          loading={loading}
          variant={actions ? 'default' : 'filled'}
          leftSection={<IconReportAnalytics size={18} aria-hidden />}
        >
          Generate report
        </Button>
        {actions}
      </Group>
    </Stack>
  );
}
