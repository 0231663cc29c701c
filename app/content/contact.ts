/** Studio details shown on /contact. */
export const contact = {
  addressLines: ["Calloway Artists", "Suite 4B, The Lantern Gallery Workspace", "1187 West 27th Street", "New York, NY 10001"],
  phone: "+1 (212) 555-0147",
  email: "studio@calloway-artists.example",
  pr: "For press inquiries, please contact Halden PR — press@halden-pr.example",
} satisfies { addressLines: string[]; phone: string; email: string; pr: string };
