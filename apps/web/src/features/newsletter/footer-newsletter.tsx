import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const NewsletterSignup = lazy(() => import('./newsletter-signup-form'));

/**
 * The footer's newsletter signup. Only this frame is in the shop's first load (apps/web/bundle-budget.ts):
 * the signup's code comes when the footer nears the screen, and the reserved height keeps the page from
 * jumping when it arrives.
 */
export function FooterNewsletter() {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && setNear(true), {
      rootMargin: '400px',
    });
    if (frame.current) observer.observe(frame.current);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} style={{ minHeight: '15rem', gridColumn: '1 / -1' }}>
      {near && (
        <Suspense fallback={null}>
          <NewsletterSignup />
        </Suspense>
      )}
    </div>
  );
}
