// The main window's menus that open dialogs: projects (open, new), the program's settings
// (dialect, CPU, LC-3 edition), and Help (keys, the manual, About).
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QUrl>

#include "asmlab/toolchain/project.hpp"
#include "main_window.hpp"

#ifndef ASMLAB_VERSION
#define ASMLAB_VERSION "unknown"
#endif

namespace asmlab::gui {
namespace {

// Where Help > Documentation finds the manual: installed beside the program, else the source tree.
QString manualPath() {
  const QStringList candidates = {
#ifdef ASMLAB_INSTALLED_DOCS_DIR
      QString(ASMLAB_INSTALLED_DOCS_DIR) + "/debugger.md",
#endif
      QCoreApplication::applicationDirPath() + "/../share/doc/asmlab/debugger.md",
#ifdef ASMLAB_SOURCE_DOCS_DIR
      QString(ASMLAB_SOURCE_DOCS_DIR) + "/debugger.md",
#endif
  };
  for (const QString& path : candidates)
    if (QFileInfo::exists(path)) return QFileInfo(path).canonicalFilePath();
  return {};
}

const char* kKeysHtml = R"(<h3>Keys</h3>
<table cellspacing="4">
<tr><td><b>F5</b></td><td>Run until a breakpoint, the end, an exception or Pause</td></tr>
<tr><td><b>Pause</b>, <b>Shift+F5</b></td><td>Pause at the next instruction</td></tr>
<tr><td><b>F11</b>, <b>F8</b></td><td>Step into: one instruction</td></tr>
<tr><td><b>F10</b></td><td>Step over: calls, traps and interrupts run to their return</td></tr>
<tr><td><b>Shift+F11</b></td><td>Step out of the current subroutine</td></tr>
<tr><td><b>Ctrl+F10</b></td><td>Run to the selected line (Code tab) or the text cursor's line (Source tab)</td></tr>
<tr><td><b>Ctrl+F11</b>, <b>Shift+F8</b></td><td>Step back one instruction</td></tr>
<tr><td><b>Ctrl+F5</b></td><td>Reverse continue: back to the previous breakpoint hit</td></tr>
<tr><td><b>Ctrl+Shift+F5</b></td><td>Reset to the state after loading</td></tr>
<tr><td><b>F9</b>, click the gutter</td><td>Toggle a breakpoint on the selected line</td></tr>
<tr><td><b>Ctrl+[</b>, <b>Ctrl+]</b></td><td>Slower, faster (the Speed list)</td></tr>
<tr><td><b>Ctrl+O</b>, <b>Ctrl+Shift+O</b></td><td>Open a program, open a project (a folder or an asmlab.yaml)</td></tr>
<tr><td><b>Ctrl+R</b></td><td>Reload (also when a file changes on disk)</td></tr>
<tr><td><b>Ctrl+M</b></td><td>Mute the speaker</td></tr>
</table>
<p>Click the Screen or the Console and type: the keys go to the program (arrows and other keys
without a character as PC scan codes); on the Screen the mouse does too.</p>
<p><b>Speed</b>: <i>real time</i> runs the PC at its own 4.77 MHz, so delays, animation and sound
are as on the machine; 2x and 10x are multiples of it; the instruction rates are for watching each
line; <i>maximum</i> is as fast as this computer can.</p>)";

}  // namespace

void MainWindow::buildSettingsMenu(QMenu* menu) {
  // Each choice is given to the session and the program is built again with it; "as the program
  // says" leaves it to the asmlab.yaml and the sources (toolchain/program_settings.hpp).
  auto group = [&](const QString& title, const QStringList& labels, const QStringList& values, auto apply) {
    QMenu* sub = menu->addMenu(title);
    auto* actions = new QActionGroup(this);
    for (int i = 0; i < labels.size(); ++i) {
      QAction* a = sub->addAction(labels[i]);
      a->setCheckable(true);
      a->setData(values[i]);
      a->setChecked(i == 0);
      actions->addAction(a);
    }
    connect(actions, &QActionGroup::triggered, this, [this, apply](QAction* a) {
      const QString value = a->data().toString();
      apply(value.isEmpty() ? std::nullopt : std::optional<QString>(value));
      reloadWithSettings();
    });
    return actions;
  };
  dialectGroup_ = group("8086 &dialect", {"As the program says (asmlab.yaml, TASM-only directives)", "MASM 6", "TASM (MASM or Ideal mode)"},
                        {"", "masm", "tasm"}, [this](std::optional<QString> v) { session_.setMasmDialect(v); });
  cpuGroup_ = group("8086 &CPU", {"As the program says (asmlab.yaml, .186-.386)", "8086", "8088", "80186", "80286", "80386"},
                    {"", "8086", "8088", "80186", "80286", "80386"}, [this](std::optional<QString> v) { session_.setX86Cpu(v); });
  editionGroup_ = group("LC-3 &edition", {"As the program says (asmlab.yaml, else 3rd)", "2nd edition", "3rd edition"}, {"", "2", "3"},
                        [this](std::optional<QString> v) {
                          session_.setLc3Edition(v ? std::optional<int>(v->toInt()) : std::nullopt);
                        });
  menu->addSeparator();
  menu->addAction("Show the &settings used", this, [this] {
    QString text = session_.machine() ? QString("Machine: %1\n").arg(QString::fromStdString(std::string(session_.machine()->architecture())))
                                      : QString("No program is loaded.\n");
    if (session_.machine()) {
      text += QString("LC-3 edition: %1\n8086 dialect: %2\n8086 CPU: %3\n").arg(session_.lc3Edition()).arg(session_.masmDialect(), session_.x86Cpu());
      text += "Files:\n  " + session_.files().join("\n  ") + "\n";
    }
    if (!session_.settingsSummary().isEmpty()) text += "\n" + session_.settingsSummary();
    QMessageBox::information(this, "Program settings", text);
  });
}

void MainWindow::reloadWithSettings() {
  if (!session_.path().isEmpty()) openFile(session_.path());
}

void MainWindow::buildHelpMenu() {
  auto* help = menuBar()->addMenu("&Help");
  auto* keys = help->addAction("&Keys and controls", this, [this] { QMessageBox::information(this, "Keys and controls", kKeysHtml); });
  keys->setShortcut(QKeySequence::HelpContents);
  help->addAction("The debugger's &manual", this, [this] {
    const QString path = manualPath();
    if (path.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(path)))
      QMessageBox::information(this, "The debugger's manual",
                               path.isEmpty() ? QString("The manual is docs/debugger.md in the asmlab sources.")
                                              : QString("The manual is %1").arg(path));
  });
  help->addSeparator();
  help->addAction("&About asmlab debugger", this, [this] { QMessageBox::about(this, "About asmlab debugger", aboutText()); });
}

QString MainWindow::aboutText() {
  return QString("<h3>asmlab debugger %1</h3>"
                 "<p>Runs, steps and steps back LC-3 and 8086 (IBM PC under DOS) programs: assembly sources "
                 "(LC-3, MASM 6 and TASM), object files, DOS programs and projects of several modules.</p>"
                 "<p>Part of asmlab, a toolchain for teaching assembly language.<br>"
                 "Built with Qt %2 (running on Qt %3)%4.</p>")
      .arg(ASMLAB_VERSION, QT_VERSION_STR, qVersion(),
#if defined(ASMLAB_HAVE_SOUND)
           QString(", with sound")
#else
           QString(", without sound (no Qt Multimedia)")
#endif
      );
}

void MainWindow::openProjectDialog() {
  // A folder, or an asmlab.yaml in it: the file dialog offers the spec, and a folder can be
  // chosen by its spec or typed.
  QString path = QFileDialog::getOpenFileName(this, "Open a project (its asmlab.yaml)", {}, "Projects (asmlab.yaml *.yaml *.yml);;All files (*)");
  if (path.isEmpty()) path = QFileDialog::getExistingDirectory(this, "Or open a folder as a project");
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::newProjectDialog() {
  QDialog dialog(this);
  dialog.setWindowTitle("New project");
  auto* form = new QFormLayout(&dialog);
  auto* folder = new QLineEdit(&dialog);
  auto* browse = new QPushButton("Choose...", &dialog);
  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(folder);
  folderRow->addWidget(browse);
  form->addRow("Folder", folderRow);
  auto* name = new QLineEdit(&dialog);
  form->addRow("Name", name);
  auto* machine = new QComboBox(&dialog);
  machine->addItem("IBM PC (8086, DOS)", "pc");
  machine->addItem("LC-3", "lc3");
  form->addRow("Machine", machine);
  auto* files = new QListWidget(&dialog);
  files->setToolTip("Check the files the program is built from: sources and objects in order, then libraries");
  form->addRow("Files", files);
  auto* cpu = new QComboBox(&dialog);
  cpu->addItems({"(as the sources say)", "8086", "8088", "80186", "80286", "80386"});
  form->addRow("CPU", cpu);
  auto* dialect = new QComboBox(&dialog);
  dialect->addItems({"(as the sources say)", "masm", "tasm"});
  form->addRow("Dialect", dialect);
  auto* edition = new QComboBox(&dialog);
  edition->addItems({"(3rd)", "2", "3"});
  form->addRow("LC-3 edition", edition);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto fill = [&] {
    files->clear();
    QDir dir(folder->text());
    if (name->text().isEmpty()) name->setText(dir.dirName());
    for (const QString& f : dir.entryList({"*.asm", "*.obj", "*.lib", "*.ASM", "*.OBJ", "*.LIB"}, QDir::Files, QDir::Name)) {
      auto* item = new QListWidgetItem(f, files);
      item->setCheckState(Qt::Checked);
    }
  };
  connect(browse, &QPushButton::clicked, &dialog, [&] {
    const QString chosen = QFileDialog::getExistingDirectory(&dialog, "The project's folder");
    if (chosen.isEmpty()) return;
    folder->setText(chosen);
    fill();
  });
  connect(folder, &QLineEdit::editingFinished, &dialog, fill);
  if (dialog.exec() != QDialog::Accepted) return;

  toolchain::NewProject project;
  project.name = name->text().toStdString();
  project.machine = machine->currentData().toString().toStdString();
  for (int i = 0; i < files->count(); ++i) {
    if (files->item(i)->checkState() != Qt::Checked) continue;
    const QString f = files->item(i)->text();
    (f.endsWith(".lib", Qt::CaseInsensitive) ? project.libraries : project.sources).push_back(f.toStdString());
  }
  if (cpu->currentIndex() > 0) project.cpu = cpu->currentText().toStdString();
  if (dialect->currentIndex() > 0) project.dialect = dialect->currentText().toStdString();
  if (edition->currentIndex() > 0) project.edition = edition->currentText().toInt();
  if (project.sources.empty()) {
    QMessageBox::warning(this, "New project", "Check at least one source or object file of the program.");
    return;
  }
  const QString specPath = QDir(folder->text()).filePath("asmlab.yaml");
  if (QFileInfo::exists(specPath)) {
    // Never written over: it may hold a course's tests.
    QMessageBox::warning(this, "New project", QString("%1 already exists; open it with File > Open project.").arg(specPath));
    return;
  }
  QFile spec(specPath);
  if (!spec.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
    QMessageBox::warning(this, "New project", QString("Cannot write %1: %2").arg(specPath, spec.errorString()));
    return;
  }
  spec.write(QByteArray::fromStdString(toolchain::projectSpecText(project)));
  spec.close();
  openFile(specPath);
}

}  // namespace asmlab::gui
