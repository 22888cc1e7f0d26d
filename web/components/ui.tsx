/** The design system's primitives (web/ui/), gathered for screens that use several. */
export { Alert, Button, buttonClass, Spinner } from "../ui/Button";
export { SelectField, TextArea, TextField } from "../ui/Field";
export { Card, Page, PageHeader } from "../ui/Layout";
