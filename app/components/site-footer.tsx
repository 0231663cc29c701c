export function SiteFooter({ agencyName, year }: { agencyName: string; year: number }) {
  return (
    <footer className="border-t border-line print:hidden">
      <p className="mx-auto max-w-screen-2xl px-5 py-8 text-xs uppercase tracking-label text-muted md:px-10">
        © {year} {agencyName}. All rights reserved.
      </p>
    </footer>
  );
}
