#include "micro_pane.hpp"

#include <QLabel>
#include <QVBoxLayout>

#include "asmlab/lc3/disassembler.hpp"
#include "asmlab/lc3sim/machine.hpp"
#include "datapath_view.hpp"

namespace asmlab::gui {
namespace {

QString hex(uint16_t v) { return QString("x%1").arg(v, 4, 16, QChar('0')).toUpper().replace("X", "x"); }

// Why the microsequencer picks the next state (Figure C.5).
QString nextReason(const lc3sim::MicroView& v) {
  const auto& row = v.row;
  if (row.ird) return QString("IRD: 00 || IR[15:12] = %1").arg(v.ir >> 12);
  if (row.cond == 0) return QString("J = %1").arg(row.j);
  const bool taken = v.nextState != row.j;
  const QString cond = QString::fromUtf8(lc3sim::microCondName(row.cond).data(),
                                         static_cast<int>(lc3sim::microCondName(row.cond).size()));
  return QString("J = %1, COND = %2: %2 is %3").arg(row.j).arg(cond).arg(taken ? 1 : 0);
}

}  // namespace

MicroPane::MicroPane(DebugSession& session, QWidget* parent) : QWidget(parent), session_(session) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  state_ = new QLabel(this);
  state_->setTextFormat(Qt::RichText);
  state_->setWordWrap(true);
  state_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  state_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  datapath_ = new DatapathView(this);
  layout->addWidget(state_);
  layout->addWidget(datapath_, 1);
}

QString MicroPane::stateText() const { return state_->text(); }

void MicroPane::capture() {
  lc3sim::Lc3Machine* m = session_.microMachine();
  DatapathState d;
  if (!m) {
    state_->setText("<i>No micro engine: the control unit is shown for LC-3 programs run on the microcoded engine "
                    "(asmlab-gui --engine micro, or Debug &gt; LC-3 micro engine).</i>");
    datapath_->show(d);
    return;
  }
  d.valid = true;
  d.view = m->microView();
  for (unsigned r = 0; r < 8; ++r) d.regs[r] = m->reg(r);
  d.pc = static_cast<uint16_t>(m->programCounter());
  d.psr = m->psr();
  d.savedSsp = m->savedSsp();
  d.savedUsp = m->savedUsp();
  const lc3sim::MicroView& v = d.view;
  const auto edition = m->edition();
  const bool book = v.row == lc3sim::standardControlStore(edition).rows[v.state];
  const std::string_view rtl = lc3sim::standardStateDescription(edition, v.state);
  QString transfer = book ? QString::fromUtf8(rtl.data(), static_cast<int>(rtl.size()))
                          : QString("<i>not the book's state %1</i>").arg(v.state);
  QString asserted;
  for (const std::string& s : lc3sim::assertedSignals(v.row)) asserted += (asserted.isEmpty() ? "" : " ") + QString::fromStdString(s);
  const std::string ir = lc3::disassemble(v.ir, static_cast<uint16_t>(m->programCounter() - 1));
  QString text;
  text += QString("<b>State %1</b> &nbsp; %2<br>").arg(v.state).arg(transfer.toHtmlEscaped());
  text += QString("Signals: <tt>%1</tt><br>").arg(asserted.isEmpty() ? "-" : asserted.toHtmlEscaped());
  text += QString("Next state: <b>%1</b> (%2)").arg(v.nextState).arg(nextReason(v).toHtmlEscaped());
  if (v.memoryAccess) text += QString(" &nbsp; memory clock %1 of %2, R = %3").arg(v.memoryClock).arg(v.memoryLatency).arg(v.ready);
  if (!v.problem.empty()) text += QString("<br><font color='#c02020'>Cannot run: %1</font>").arg(QString::fromStdString(v.problem).toHtmlEscaped());
  text += QString("<br>IR %1 <tt>%2</tt> &nbsp; MAR %3 &nbsp; MDR %4 &nbsp; BEN %5 &nbsp; ACV %6 &nbsp; clock %7%8")
              .arg(hex(v.ir), QString::fromStdString(ir).toHtmlEscaped(), hex(v.mar), hex(v.mdr))
              .arg(v.ben)
              .arg(v.acv)
              .arg(m->clockCount())
              .arg(v.atInstructionBoundary ? " &nbsp; (between instructions)" : "");
  state_->setText(text);
  datapath_->show(d);
}

}  // namespace asmlab::gui
