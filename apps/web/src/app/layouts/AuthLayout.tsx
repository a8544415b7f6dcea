/**
 * Sign-in screens: a looping slideshow on one side (each slide LOGIN_SLIDE_MS, the last one
 * LOGIN_LAST_SLIDE_MS) and the form or message on the other. Below the md breakpoint only the form shows.
 */
import { LOGIN_LAST_SLIDE_MS, LOGIN_SLIDE_MS } from '@mend/shared';
import { IconAirConditioning, IconCalendarCheck, IconCloudRain, IconDroplet } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { t } from '../../lib/translations';
import classes from './AuthLayout.module.css';

const SLIDE_LOOKS: { icon: ComponentType<{ size?: number; stroke?: number }>; background: string }[] = [
  { icon: IconDroplet, background: 'linear-gradient(140deg, #0e3564 0%, #1c4f8a 48%, #1f8a9c 100%)' },
  { icon: IconAirConditioning, background: 'linear-gradient(140deg, #13345f 0%, #2e6ac2 52%, #5fb0e8 100%)' },
  { icon: IconCloudRain, background: 'linear-gradient(140deg, #1c2438 0%, #34466e 50%, #5d7fb5 100%)' },
  { icon: IconCalendarCheck, background: 'linear-gradient(140deg, #0c3d2c 0%, #17714f 50%, #2db383 100%)' },
];

export function slideDuration(index: number, count: number): number {
  return index === count - 1 ? LOGIN_LAST_SLIDE_MS : LOGIN_SLIDE_MS;
}

function Slideshow() {
  const slides = t.auth.slides;
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(
      () => setActive((index) => (index + 1) % slides.length),
      slideDuration(active, slides.length),
    );
    return () => clearTimeout(timer);
  }, [active, slides.length]);

  return (
    <aside className={classes.showcase}>
      <div className={classes.brand}>
        <BrandMark size={36} inverted />
        <span>{t.app.name}</span>
      </div>
      {slides.map((title, index) => {
        const look = SLIDE_LOOKS[index % SLIDE_LOOKS.length];
        const Icon = look.icon;
        const isActive = index === active;
        return (
          <div
            key={title}
            className={classes.slide}
            style={{ background: look.background }}
            data-active={isActive || undefined}
            aria-hidden={!isActive}
          >
            <span className={classes.slideIcon}>
              <Icon size={44} stroke={1.5} />
            </span>
            <p className={classes.slideTitle}>{title}</p>
            <p className={classes.slideText}>{t.auth.slideTexts[index] ?? ''}</p>
          </div>
        );
      })}
      <div className={classes.dots} aria-hidden="true">
        {slides.map((title, index) => (
          <span key={title} className={classes.dot} data-active={index === active || undefined} />
        ))}
      </div>
    </aside>
  );
}

export function AuthLayout() {
  return (
    <div className={classes.root}>
      <Slideshow />
      <main className={classes.formSide}>
        <div className={classes.formCard}>
          <div className={classes.mobileBrand}>
            <BrandMark size={32} />
            <span>{t.app.name}</span>
          </div>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
