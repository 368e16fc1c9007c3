import { SettingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Popover, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUserSetting, saveUserSetting, type UserSettingRead, userSettingKey } from '#src/api/alarm';

const L = (key: string) => `alarm.${key}`;
/** The transitions that herald: a new alarm, and one escalated to a more urgent level. */
const HERALDED = new Set(['raise', 'escalate']);

/** What the herald reads of a bell notification: its id and, for an alarm, the transition and the level's rank. */
export interface Heard {
  id: string;
  action?: string;
  rank?: number | null;
}

/** Three short two-tone beeps through Web Audio (nothing to download; silent where the browser refuses). */
export function beep() {
  const Context = window.AudioContext;
  if (!Context) return;
  const audio = new Context();
  for (let i = 0; i < 6; i++) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = i % 2 ? 660 : 880;
    gain.gain.value = 0.15;
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + i * 0.18);
    tone.stop(audio.currentTime + i * 0.18 + 0.15);
  }
  window.setTimeout(() => void audio.close(), 1500);
}

/**
 * The bell's herald of urgent alarms: a notification that arrives after the console opened, of a new (or
 * escalated) alarm whose level is 1 … the user's `levels`, sounds and/or flashes the bell as the user's own
 * setting (kept on the server, off by default) says. `stop()` ends the flashing (the user opened the bell).
 */
export function useAlarmHerald(notices: Heard[] | undefined) {
  const setting = useQuery({ queryKey: userSettingKey, queryFn: fetchUserSetting, staleTime: Infinity });
  const seen = useRef<Set<string> | null>(null);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (!notices) return;
    const fresh = seen.current ? notices.filter((n) => !seen.current?.has(n.id)) : [];
    seen.current = new Set([...(seen.current ?? []), ...notices.map((n) => n.id)]);
    const mine = setting.data;
    if (!mine || (!mine.sound && !mine.flash)) return;
    const urgent = fresh.some(
      (n) => n.action && HERALDED.has(n.action) && n.rank != null && n.rank <= mine.levels,
    );
    if (!urgent) return;
    if (mine.sound) beep();
    if (mine.flash) setFlashing(true);
  }, [notices, setting.data]);
  return { flashing, stop: () => setFlashing(false) };
}

/** The user's own herald setting, from the bell: sound, flash and the levels that herald. */
export function HeraldSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: userSettingKey, queryFn: fetchUserSetting, staleTime: Infinity });
  const save = useMutation({
    mutationFn: (changes: Partial<UserSettingRead>) => saveUserSetting(changes),
    onSuccess: (saved) => queryClient.setQueryData(userSettingKey, saved),
  });
  const value = setting.data;
  const content = (
    <Form layout="horizontal" size="small" style={{ width: 260 }} data-testid="alarm-herald-settings">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t(L('heraldTip'))}
      </Typography.Paragraph>
      <Form.Item label={t(L('heraldSound'))} style={{ marginBottom: 8 }}>
        <Switch
          aria-label={t(L('heraldSound'))}
          checked={Boolean(value?.sound)}
          loading={save.isPending}
          onChange={(on) => {
            save.mutate({ sound: on ? 1 : 0 });
            if (on) beep(); // the user hears what it will sound like (and the browser allows sound from now on)
          }}
        />
      </Form.Item>
      <Form.Item label={t(L('heraldFlash'))} style={{ marginBottom: 8 }}>
        <Switch
          aria-label={t(L('heraldFlash'))}
          checked={Boolean(value?.flash)}
          loading={save.isPending}
          onChange={(on) => save.mutate({ flash: on ? 1 : 0 })}
        />
      </Form.Item>
      <Form.Item label={t(L('heraldLevels'))} style={{ marginBottom: 0 }}>
        1 –{' '}
        <InputNumber
          min={1}
          max={99}
          precision={0}
          value={value?.levels ?? 2}
          onChange={(levels) => levels && save.mutate({ levels })}
          style={{ width: 64 }}
        />
      </Form.Item>
    </Form>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t(L('herald'))} content={content}>
      <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t(L('herald'))} />
    </Popover>
  );
}
