/** Emblem of the platform: a shield with a check mark (inline SVG, no asset needed). */
export default function Logo({ className, size = 44 }: { className?: string; size?: number }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <path d="M24 3 6 9v13c0 11.5 7.6 19.9 18 23 10.4-3.1 18-11.5 18-23V9L24 3Z" fill="#1890ff" />
      <path d="M24 7.3 10 12v10c0 9.3 5.9 16.3 14 19 8.1-2.7 14-9.7 14-19V12L24 7.3Z" fill="#40a9ff" />
      <path
        d="m16 24.5 5.6 5.6L33 18.7"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
